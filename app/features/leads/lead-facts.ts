// What the owner's card, pushes, e-mails and calendar say about a lead, whichever feature says it: no name, e-mail
// or phone in a title, and no server imports (the browser reads these).
import { serviceList } from '~/content/service-list'
import { cityNameOfPath, type CitySlug } from '~/content/service-areas'
import type { GalleryCategory } from '~/content/types'
import type { ShownPrice } from '../prices'
import type { Tables } from '../../platform/db/schema.gen'
import { PREFERRED_TIME_LABELS, type PreferredTime } from './lead-form-constants'

export const OWNER_STATUSES = ['new', 'contacted', 'quoted', 'won', 'lost'] as const
export type OwnerStatus = (typeof OWNER_STATUSES)[number]

/** Said of a lead whose ZIP is not one of our cities'. */
export const OUTSIDE_AREA_TEXT = 'Outside the usual area'

/**
 * The card's name for each of the lead's columns it shows as stored: the card takes their types from the generated
 * schema, so a renamed or retyped column fails tsc here and at every use. street, zip, preferredTime: null when not
 * given; outsideArea: null without a ZIP; channel, heardAbout: null for leads from before they were recorded, or no
 * answer; jobValueCents: entered when the lead was marked won.
 */
export const LEAD_CARD_COLUMNS = {
  id: 'id',
  firstName: 'first_name',
  email: 'email',
  phone: 'phone',
  status: 'status',
  sourcePage: 'source_page',
  street: 'service_street',
  zip: 'service_zip',
  preferredTime: 'preferred_time',
  outsideArea: 'outside_area',
  channel: 'source_channel',
  heardAbout: 'heard_about',
  jobValueCents: 'job_value_cents',
} as const satisfies Record<string, keyof Tables['leads']>

type LeadCardColumns = { [Name in keyof typeof LEAD_CARD_COLUMNS]: Tables['leads'][(typeof LEAD_CARD_COLUMNS)[Name]] }

/** The lead row's columns under the card's names. */
export function leadCardColumns(
  row: Pick<Tables['leads'], (typeof LEAD_CARD_COLUMNS)[keyof typeof LEAD_CARD_COLUMNS]>,
) {
  const picked = Object.entries(LEAD_CARD_COLUMNS).map(([name, column]) => [name, row[column]])
  return Object.fromEntries(picked) as LeadCardColumns
}

/** A lead as the owner's card shows it; the inbox adds the lead's quote and invoice to it. */
export interface LeadCard extends LeadCardColumns {
  createdAt: string
  note: string
  service: string | null
  city: string | null
  /** The visitor's photos' names, oldest first (docs/decisions/044-lead-photos.md). */
  photos?: string[]
  /** "Follow up: quoted 3 days ago" for a lead quoted 2 days or more; worked out by the server, so the page the
   * server rendered and the one the browser hydrates agree. */
  followUp: string | null
  /** What "Add work to the site" fills in for this lead: the town of its ZIP, the category of its page. */
  workCity: CitySlug | null
  workCategory: GalleryCategory | null
  /** The typical price its visitor was shown, null when none (docs/decisions/057-price-ranges.md). */
  shownPrice: ShownPrice | null
}

/** '' for none, and for a value the form never offered. */
export function preferredTimeText(value: string | null | undefined): string {
  return value && Object.hasOwn(PREFERRED_TIME_LABELS, value) ? PREFERRED_TIME_LABELS[value as PreferredTime] : ''
}

/** "12 Oak St, 95630", either part alone, or '' when neither was given. */
export function serviceAddress(street: string | null | undefined, zip: string | null | undefined): string {
  return [street?.trim(), zip?.trim()].filter(Boolean).join(', ')
}

export function leadTopic(sourcePage: string | null): { service: string | null; city: string | null } {
  let url: URL
  try {
    url = new URL(sourcePage ?? '', 'http://site.invalid')
  } catch {
    return { service: null, city: null }
  }
  const tab = url.pathname === '/services' ? (url.searchParams.get('tab') ?? 'concrete-sealing') : null
  const service =
    url.pathname === '/epoxy' ? 'Epoxy Floors' : (serviceList.find((summary) => summary.id === tab)?.title ?? null)
  return { service, city: cityNameOfPath(url.pathname) }
}

/** No name, e-mail or phone ever goes into it. */
export function pushTitle(sourcePage: string | null): string {
  const { service, city } = leadTopic(sourcePage)
  if (service && city) return `${service} in ${city}`
  return service ?? (city ? `Quote request in ${city}` : 'New quote request')
}
