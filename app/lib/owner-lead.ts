/** Shared with the browser: no server imports. */
import { serviceList } from '~/content/service-list'
import { cityNames, citySlugs, type CitySlug } from '~/content/service-areas'
import { PREFERRED_TIME_LABELS, type PreferredTime } from './quote-form-constants'

export const OWNER_STATUSES = ['new', 'contacted', 'quoted', 'won', 'lost'] as const
export type OwnerStatus = (typeof OWNER_STATUSES)[number]
export const OWNER_NOTE_MAX = 500

export interface InboxLead {
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
  const slug = url.pathname.match(/^\/city\/([a-z-]+)$/)?.[1]
  const city = (citySlugs as readonly string[]).includes(slug ?? '') ? cityNames[slug as CitySlug] : null
  return { service, city }
}

/** No name, e-mail or phone ever goes into it. */
export function pushTitle(sourcePage: string | null): string {
  const { service, city } = leadTopic(sourcePage)
  if (service && city) return `${service} in ${city}`
  return service ?? (city ? `Quote request in ${city}` : 'New quote request')
}

export function dialable(phone: string): string {
  return phone.replace(/[^\d+]/g, '').replace(/(?!^)\+/g, '')
}

export const OWNER_SERVICE_WORKER_URL = '/owner/sw.js'
/** The service worker's word to an open inbox: a lead came in, read the leads again. */
export const OWNER_LEADS_MESSAGE = 'owner-leads'

export const SIGN_IN_TEXTS = {
  heading: 'Lead inbox',
  intro: 'Sign in with the link we e-mail to the owner address. No password.',
  sent: 'If that is the owner address, a sign-in link is on its way. It works once, for 15 minutes.',
  expired: 'That link has expired or was already used. Ask for a new one.',
  confirm: 'Sign in to the lead inbox',
  confirmIntro: 'Tap the button to finish signing in on this phone.',
} as const

export const REVIEW_TEXTS = {
  offer: 'E-mail a review request',
  queued: 'Review request queued: it goes out within a minute.',
  sent: 'Review request sent.',
  unset: 'Set GOOGLE_REVIEW_URL on the server to send review requests.',
} as const

export const OWNER_TEXTS = {
  unconfigured: 'The inbox is off: set OWNER_SESSION_SECRET on the server to turn it on.',
  empty: 'No leads yet.',
  outsideArea: 'Outside the usual area',
  alertsOn: 'Alerts are on for this phone.',
  alertsBlocked: 'This browser blocks notifications for the inbox. Allow them in its settings.',
} as const

/** The inbox's delete control (docs/decisions/043-lead-deletion.md). */
export const DELETE_TEXTS = {
  open: 'Delete this request',
  question: (firstName: string) => `Delete ${firstName}’s request for good?`,
  explain: 'Their details, note and photos are removed, and nothing more is sent about it. This cannot be undone.',
  confirm: 'Delete for good',
  keep: 'Keep it',
} as const
