/** Shared with the browser: no server imports. */
import {
  HEARD_ABOUT_LABELS,
  LEAD_CHANNEL_LABELS,
  OUTSIDE_AREA_TEXT,
  type HeardAbout,
  type LeadCard,
  type LeadChannel,
} from '../leads'
import type { LeadQuote } from '../quotes'
import { formatCents, MAX_CENTS, optionalPriceSchema } from '../../lib/money'
import type { LeadInvoice } from '../payments'

export const OWNER_NOTE_MAX = 500

/** The inbox's card: the lead, its quote once one was sent (decision 053), and its invoice from "Job done" on (055). */
export interface InboxLead extends LeadCard {
  quote?: LeadQuote
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
export const jobValueSchema = optionalPriceSchema({
  required: 'Enter the job value in dollars, like 1250 or 1250.50.',
  negative: 'The job value cannot be negative.',
  format: 'Enter the job value in dollars, like 1250 or 1250.50.',
  cents: 'The job value takes at most 2 decimals (cents).',
  max: `The job value must be ${formatCents(MAX_CENTS)} or less.`,
})

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
  outsideArea: OUTSIDE_AREA_TEXT,
  alertsOn: 'Alerts are on for this phone.',
  alertsBlocked: 'This browser blocks notifications for the inbox. Allow them in its settings.',
} as const

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
