import { useHydrated } from '@tanstack/react-router'
import { memo, Suspense, useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react'
import * as v from 'valibot'
import { updateOwnerLead } from '~/features/owner/owner.functions'
import {
  OWNER_NOTE_MAX,
  OWNER_TEXTS,
  SOURCES_TEXTS,
  channelLabel,
  dialable,
  heardAboutLabel,
  jobValueSchema,
  type InboxLead,
} from '~/features/owner/owner-lead'
import { OWNER_STATUSES, preferredTimeText, pushTitle, serviceAddress, type OwnerStatus } from '~/features/leads'
import { centsText } from '~/lib/money'
import { googleMapsSearchUrl } from '~/lib/page/google-maps'
import { formatPacificTime } from '~/features/quotes'
import { TYPICAL_PRICE_TEXTS } from '~/features/prices'
import { OwnerField, ownerMarkClass, ownerOutlineClass } from '~/components/owner/owner-field'
import { shownValue } from '~/components/ui/shown-value'
import { OwnerLeadPhotos } from './owner-lead-photos'
import { ownerButtonClass } from '~/components/owner/owner-shell'
import { useLeadsCache } from '~/components/owner/leads-cache'
import { useOwnerWrite } from '~/components/owner/owner-write'
import { OwnerLeadDelete } from './owner-lead-delete'
import type { LeadCardPart } from '~/components/owner/inbox-parts'
import { CARD_PARTS_ABOVE, CARD_PARTS_BELOW } from './inbox-parts'

// Kept apart from the card: the card re-renders at hydration (useHydrated), and an update reaching a lazy part
// before its code has arrived makes React render it anew, dropping what the owner opened or chose in it.
const CardPart = memo(function CardPart({ part: { Part }, lead }: { part: LeadCardPart<InboxLead>; lead: InboxLead }) {
  return (
    <Suspense fallback={null}>
      <Part lead={lead} />
    </Suspense>
  )
})

// A lazy part's code loads only for a card it shows on (decision 066). Keyed by its place in the list, so one that
// appears (a lead marked won) does not remount the parts after it, as `{shown && <Part />}` kept them.
const partsOf = (parts: LeadCardPart<InboxLead>[], lead: InboxLead) =>
  parts.map((part, i) => (part.when?.(lead) ?? true) && <CardPart key={i} part={part} lead={lead} />)

export function OwnerLeadCard({ lead }: { lead: InboxLead }) {
  const id = useId()
  const leads = useLeadsCache()
  const form = useRef<HTMLFormElement>(null)
  // The status chosen before the scripts ran: the job value field shows while "Won" is chosen.
  const [initialStatus] = useState(() => shownValue(`${id}-status`, lead.status))
  const [status, setStatus] = useState(initialStatus)
  const hydrated = useHydrated()
  const [valueRefused, setValueRefused] = useState(false)
  const shown = useRef(lead)
  // A refetch that brings another status, note or job value (changed elsewhere) shows it.
  useEffect(() => {
    const was = shown.current
    if (was.status === lead.status && was.note === lead.note && was.jobValueCents === lead.jobValueCents) return
    shown.current = lead
    setStatus(lead.status)
    const fields = form.current?.elements
    if (!fields) return
    ;(fields.namedItem('status') as HTMLSelectElement).value = lead.status
    ;(fields.namedItem('note') as HTMLTextAreaElement).value = lead.note
    const value = fields.namedItem('jobValue') as HTMLInputElement | null
    if (value) value.value = centsText(lead.jobValueCents)
  }, [lead])

  const save = useOwnerWrite(
    (data: { id: string; status: OwnerStatus; note: string; jobValue: string | null }) => updateOwnerLead({ data }),
    { said: 'Saved.', after: (saved) => leads.replace(saved.id, () => saved) },
  )
  const address = serviceAddress(lead.street, lead.zip)
  const bestTime = preferredTimeText(lead.preferredTime)
  const heardAbout = heardAboutLabel(lead.heardAbout)

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const fields = new FormData(event.currentTarget)
    const chosen = String(fields.get('status')) as OwnerStatus
    // As typed, in dollars: the server reads it with the same schema and messages.
    const typed = chosen === 'won' ? String(fields.get('jobValue') ?? '') : null
    const value = typed === null ? null : v.safeParse(jobValueSchema, typed)
    setValueRefused(value?.success === false)
    if (value && !value.success) {
      save.setMessage(value.issues[0].message)
      ;(event.currentTarget.elements.namedItem('jobValue') as HTMLInputElement | null)?.focus()
      return
    }
    save.mutate({ id: lead.id, status: chosen, note: String(fields.get('note')), jobValue: typed })
  }

  return (
    <article aria-labelledby={`${id}-name`} className="rounded-xl border border-slate-300 p-4 shadow-sm">
      <h2 id={`${id}-name`} className="text-lg font-bold">
        {lead.firstName}
      </h2>
      <p className="text-slate-700">
        {pushTitle(lead.sourcePage)} · <time dateTime={lead.createdAt}>{formatPacificTime(lead.createdAt)}</time>
      </p>
      {lead.sourcePage && <p className="mt-1 break-all text-sm text-slate-700">Sent from {lead.sourcePage}</p>}
      {lead.shownPrice && <p className="mt-1 font-semibold">{TYPICAL_PRICE_TEXTS.shown(lead.shownPrice)}</p>}
      {address && (
        <p className="mt-1 flex flex-wrap items-center gap-x-2">
          {/* A plain link in a new tab: no map script, and Google hears nothing until the owner taps. */}
          <a
            href={googleMapsSearchUrl(address)}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex min-h-11 max-w-full items-center font-semibold text-brand-800 underline wrap-anywhere focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-900"
          >
            {address}
            <span className="sr-only"> (map, opens in a new tab)</span>
          </a>
          {lead.outsideArea && <strong className={ownerMarkClass}>{OWNER_TEXTS.outsideArea}</strong>}
        </p>
      )}
      {lead.followUp && (
        <p>
          <strong className={ownerMarkClass}>{lead.followUp}</strong>
        </p>
      )}
      {bestTime && <p className="text-sm text-slate-700">Best time: {bestTime}</p>}
      <p className="text-sm text-slate-700">
        Channel: {channelLabel(lead.channel)}
        {heardAbout && <> · Heard about us: {heardAbout}</>}
      </p>
      <OwnerLeadPhotos leadId={lead.id} names={lead.photos} firstName={lead.firstName} />
      <div className="mt-3 flex gap-2">
        {[
          ['Call', `tel:${dialable(lead.phone)}`],
          ['Text', `sms:${dialable(lead.phone)}`],
          ['E-mail', `mailto:${encodeURIComponent(lead.email).replace(/%40/g, '@')}`],
        ].map(([label, href]) => (
          <a key={label} className={`${ownerOutlineClass} flex-1`} href={href}>
            {label}
          </a>
        ))}
      </div>
      <p className="mt-2 text-sm break-all text-slate-700">
        {lead.phone} · {lead.email}
      </p>
      {partsOf(CARD_PARTS_ABOVE, lead)}
      {/* POST and a Save that waits for the scripts: the note never lands in a URL. */}
      <form ref={form} method="post" onSubmit={submit} className="mt-3 grid gap-2">
        <OwnerField
          label="Status"
          id={`${id}-status`}
          name="status"
          defaultValue={initialStatus}
          onChange={(event: ChangeEvent<HTMLSelectElement>) => setStatus(event.currentTarget.value as OwnerStatus)}
          options={OWNER_STATUSES.map((value) => [value, value[0]!.toUpperCase() + value.slice(1)] as const)}
          className="min-h-11 rounded-lg border border-slate-500 px-2 focus-visible:outline-3 focus-visible:outline-brand-700"
        />
        {status === 'won' && (
          <OwnerField
            label={SOURCES_TEXTS.jobValue}
            id={`${id}-value`}
            name="jobValue"
            inputMode="decimal"
            autoComplete="off"
            defaultValue={centsText(lead.jobValueCents)}
            aria-invalid={valueRefused || undefined}
            aria-describedby={valueRefused ? `${id}-message` : undefined}
            className="min-h-11 rounded-lg border border-slate-500 px-2 focus-visible:outline-3 focus-visible:outline-brand-700 aria-invalid:border-red-700"
          />
        )}
        <OwnerField
          label="Note"
          id={`${id}-note`}
          name="note"
          defaultValue={lead.note}
          maxLength={OWNER_NOTE_MAX}
          rows={2}
          className="rounded-lg border border-slate-500 p-2 focus-visible:outline-3 focus-visible:outline-brand-700"
        />
        <button type="submit" disabled={!hydrated || save.isPending} className={ownerButtonClass}>
          Save
        </button>
      </form>
      {partsOf(CARD_PARTS_BELOW, lead)}
      <p id={`${id}-message`} role="status" className="mt-2 empty:hidden">
        {save.message}
      </p>
      <OwnerLeadDelete lead={lead} />
    </article>
  )
}
