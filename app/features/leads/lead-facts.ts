// What the owner's card, pushes, e-mails and calendar say about a lead, whichever feature says it: no name, e-mail
// or phone in a title, and no server imports (the browser reads these).
import { serviceList } from '~/content/service-list'
import { cityNameOfPath, type CitySlug } from '~/content/service-areas'
import type { GalleryCategory } from '~/content/types'
import type { ShownPrice } from '../prices'
import { PREFERRED_TIME_LABELS, type PreferredTime } from './lead-form-constants'

export const OWNER_STATUSES = ['new', 'contacted', 'quoted', 'won', 'lost'] as const
export type OwnerStatus = (typeof OWNER_STATUSES)[number]

/** Said of a lead whose ZIP is not one of our cities'. */
export const OUTSIDE_AREA_TEXT = 'Outside the usual area'

/** A lead as the owner's card shows it; the inbox adds the lead's quote and invoice to it. */
export interface LeadCard {
  id: string
  createdAt: string
  firstName: string
  email: string
  phone: string
  status: string
  sourcePage: string | null
  note: string
  service: string | null
  city: string | null
  reviewRequest: 'none' | 'queued' | 'sent'
  /** Where and when, null when not given; outsideArea is null without a ZIP. */
  street: string | null
  zip: string | null
  preferredTime: string | null
  outsideArea: boolean | null
  /** The visitor's photos' names, oldest first (docs/decisions/044-lead-photos.md). */
  photos?: string[]
  /** How the lead found the site; null for leads from before it was recorded, or no answer. */
  channel: string | null
  heardAbout: string | null
  /** Entered when the lead was marked won; null otherwise. */
  jobValueCents: number | null
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

/** A plain search link: no map script, and nothing is asked of Google until the owner taps it. */
export function mapUrl(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`
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
