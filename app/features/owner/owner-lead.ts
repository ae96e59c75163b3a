/** Shared with the browser: no server imports. */
import * as v from 'valibot'
import { serviceList } from '~/content/service-list'
import { cityNameOfPath, type CitySlug } from '~/content/service-areas'
import type { GalleryCategory } from '~/content/types'
import {
  HEARD_ABOUT_LABELS,
  LEAD_CHANNEL_LABELS,
  type HeardAbout,
  type LeadChannel,
} from '../leads/lead-source-constants'
import type { SourcePeriod } from './owner-views'
import type { LeadQuote } from '../quotes/quote'
import type { ShownPrice } from '../prices/typical-price'
import { formatCents, MAX_CENTS } from '../../lib/money'
import type { LeadInvoice } from '../payments/invoice'
import { PREFERRED_TIME_LABELS, type PreferredTime } from '../leads/lead-form-constants'
import type { ComeBackCounts } from '~/features/come-back/due-again'

export { SOURCE_PERIODS, type SourcePeriod } from './owner-views'

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
  /** The lead's quote, once one was sent (docs/decisions/053-quotes-and-jobs.md). */
  quote?: LeadQuote
  /** The job's invoice and its payments, from "Job done" on (docs/decisions/055-invoices-and-payments.md). */
  invoice?: LeadInvoice
}

/** The quote follow-ups' days (docs/decisions/048-follow-through.md): the owner's pushes and the card's mark. */
export const QUOTE_FOLLOW_UP_DAYS = [2, 7] as const

/** "Follow up: quoted 3 days ago" on a lead still quoted 2 days or more after it was marked so; null otherwise. */
export function followUpMark(status: string, statusSince: Date | null, now: number): string | null {
  if (status !== 'quoted' || !statusSince) return null
  const days = Math.floor((now - statusSince.getTime()) / 86_400_000)
  return days >= QUOTE_FOLLOW_UP_DAYS[0] ? `Follow up: quoted ${days} days ago` : null
}

/** "Not recorded" for leads from before the channel was kept. */
export function channelLabel(channel: string | null | undefined): string {
  return channel && Object.hasOwn(LEAD_CHANNEL_LABELS, channel)
    ? LEAD_CHANNEL_LABELS[channel as LeadChannel]
    : SOURCES_TEXTS.notRecorded
}

/** '' for no answer. */
export function heardAboutLabel(answer: string | null | undefined): string {
  return answer && Object.hasOwn(HEARD_ABOUT_LABELS, answer) ? HEARD_ABOUT_LABELS[answer as HeardAbout] : ''
}

/**
 * The job value field, typed in dollars ("$1,250.50") and kept in whole cents (125050); '', null or nothing is
 * "not entered". Checked in the card before sending and again by the server function, with the same messages.
 */
export const jobValueSchema = v.pipe(
  v.optional(v.nullable(v.union([v.string(), v.number()])), null),
  v.transform((raw) => (raw === null ? '' : typeof raw === 'number' ? String(raw) : raw.replace(/[\s$,]/g, ''))),
  v.check((text) => !text.startsWith('-'), 'The job value cannot be negative.'),
  v.check((text) => text === '' || /^\d+(\.\d+)?$/.test(text), 'Enter the job value in dollars, like 1250 or 1250.50.'),
  v.check((text) => !/\.\d{3,}$/.test(text), 'The job value takes at most 2 decimals (cents).'),
  v.transform((text) => (text === '' ? null : Math.round(Number(text) * 100))),
  v.check((cents) => cents === null || cents <= MAX_CENTS, `The job value must be ${formatCents(MAX_CENTS)} or less.`),
)

/** What a failed server function says to the owner. */
export const errorText = (error: unknown) => (error instanceof Error ? error.message : 'Something went wrong')

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

export const OWNER_TEXTS = {
  unconfigured: 'The inbox is off: set OWNER_SESSION_SECRET on the server to turn it on.',
  empty: 'No leads yet.',
  outsideArea: 'Outside the usual area',
  alertsOn: 'Alerts are on for this phone.',
  alertsBlocked: 'This browser blocks notifications for the inbox. Allow them in its settings.',
} as const

/** One row of the sources view: a channel or an answer (null: not recorded / no answer). */
export interface SourceCount {
  value: string | null
  leads: number
  contacted: number
  quoted: number
  won: number
  /** The won leads' job values. */
  wonCents: number
}

export interface LeadSources {
  days: SourcePeriod
  channels: SourceCount[]
  answers: SourceCount[]
  /** Per service, accepted quotes against the typical price their lead was shown (decision 057). */
  prices: { service: string; below: number; inside: number; above: number }[]
  /** Reminders, re-books and review requests (docs/decisions/063-come-back.md). */
  comeBack: ComeBackCounts
}

/** Won ÷ leads as a whole percent; "—" when there is no lead to divide by. */
export function winRate(won: number, leads: number): string {
  return leads > 0 ? `${Math.round((won / leads) * 100)}%` : '—'
}

export const OWNER_CONVERSIONS_URL = '/owner/conversions.csv'

export const SOURCES_TEXTS = {
  leadsTab: 'Leads',
  sourcesTab: 'Sources',
  notRecorded: 'Not recorded',
  noAnswer: 'No answer',
  period: (days: number) => `${days} days`,
  byChannel: (days: number) => `Leads by channel, last ${days} days`,
  byAnswer: (days: number) => `Leads by answer to “How did you hear about us?”, last ${days} days`,
  none: 'No leads in these days.',
  download: 'Download won ad clicks (CSV)',
  downloadHelp: 'Every won lead that came from a Google ad, as the file Google Ads imports as conversions from clicks.',
  jobValue: 'Job value ($, optional)',
  byPrice: (days: number) => `Accepted quotes against the typical price shown, last ${days} days`,
  priceColumns: ['Service', 'Below', 'Inside', 'Above'],
} as const

/** The inbox's delete control (docs/decisions/043-lead-deletion.md). */
export const DELETE_TEXTS = {
  open: 'Delete this request',
  question: (firstName: string) => `Delete ${firstName}’s request for good?`,
  explain: 'Their details, note and photos are removed, and nothing more is sent about it. This cannot be undone.',
  confirm: 'Delete for good',
  keep: 'Keep it',
} as const
