// What a feature adds to the owner's inbox (docs/decisions/066-features-plug-into-the-inbox.md), listed once in
// app/features/owner/inbox-parts.ts. Shared UI: it names no feature; each part says which of a lead's facts it reads.
import type { ReactNode } from 'react'

/** A part of a lead's card, shown when `when` holds (always without it). `Part` may be lazy: it loads only then. */
export interface LeadCardPart<Lead> {
  when?: (lead: Lead) => boolean
  Part: (props: { lead: Lead }) => ReactNode
}

/** A table in the Sources view, from what the feature counted over the view's days (inbox-parts.server.ts). */
export type SourcesPart<Sources> = (props: { sources: Sources }) => ReactNode

/** A section under the Prices view, which reads what it shows itself. */
export type PricesViewPart = (props: object) => ReactNode
