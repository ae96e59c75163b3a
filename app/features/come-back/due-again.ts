// What the owner and the customer read about coming back (docs/decisions/064-come-back.md), and the rules both
// sides share: the default intervals, the due date of a done job. No server code here.
import * as v from 'valibot'
import { site } from '~/content/site'
import type { ServiceId } from '~/content/types'
import type { ComeBackCounts } from './come-back-sources.server'

/** "Due again after N months" when the owner has not set it; absent: never (commercial work is by contract). */
export const DEFAULT_DUE_MONTHS: Partial<Record<ServiceId, number>> = {
  'full-house': 12,
  roof: 24,
  gutter: 6,
  driveway: 12,
  patio: 12,
  'deck-fence': 12,
  'concrete-sealing': 24,
}

export const DUE_MONTHS_MAX = 120

/** The view lists who is due within this many days, and everyone overdue. */
export const DUE_WINDOW_DAYS = 60
/** The reminder goes this many days before the due date. */
export const REMINDER_DAYS_BEFORE = 14
/** "Not this year" waits this long. */
export const SNOOZE_MONTHS = 12
/** Pacific hours a reminder may go out in: from 8:00 to before 21:00. */
export const REMINDER_HOURS = { from: 8, to: 21 } as const
/** The review request goes at this Pacific hour the morning after the payment, its reminder this many days later. */
export const REVIEW_HOUR = 9
export const REVIEW_REMINDER_DAYS = 6

/** `YYYY-MM-DD` plus whole months; a day past the month's end is its last day (Jan 31 + 1 month: Feb 28). */
export function addMonths(day: string, months: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number]
  const first = new Date(Date.UTC(year, month - 1 + months, 1))
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate()
  first.setUTCDate(Math.min(date, last))
  return first.toISOString().slice(0, 10)
}

/** A review request's link, which counts the click on its way to Google (/r/<token>). */
export const reviewLink = (token: string) => `${site.baseUrl}/r/${token}`

export const COME_BACK_TEXTS = {
  tab: 'Due again',
  heading: 'Due again',
  intro: `Past customers due in the next ${DUE_WINDOW_DAYS} days, and those overdue.`,
  none: `Nobody is due in the next ${DUE_WINDOW_DAYS} days.`,
  lastVisit: (day: string, what: string, price: string) => `Last visit ${day}: ${what}, ${price}`,
  dueOn: (day: string) => `Due ${day}`,
  overdue: (day: string) => `Overdue since ${day}`,
  sendNow: 'Send reminder now',
  sent: 'Reminder queued: it goes out within a minute.',
  text: 'Text',
  notThisYear: 'Not this year',
  snoozed: 'Snoozed for 12 months.',
  importHeading: 'Import past jobs',
  importHelp:
    'A CSV with name, email, phone, address, zip, service, date done and price. Jobber and Housecall Pro exports are read where their columns match.',
  importFile: 'CSV file',
  importButton: 'Import',
  template: 'Download the template (CSV)',
  exportCustomers: 'Download past customers (CSV)',
  imported: (added: number, already: number) =>
    `${added} job${added === 1 ? '' : 's'} added${already ? `, ${already} already there` : ''}.`,
  skipped: (count: number) => `${count} row${count === 1 ? '' : 's'} skipped:`,
  line: (line: number, reason: string) => `Line ${line}: ${reason}`,
  intervalsHeading: 'Due again after N months',
  intervalsHelp: 'Empty means never. A paid or imported job is due on its done date plus this.',
  intervalLabel: (service: string) => `${service}: due again after (months)`,
  saveIntervals: 'Save due-again months',
  intervalsSaved: 'Saved.',
  // The lead's card
  requestedDay: (day: string) => `Asked for ${day}`,
  sameAsLastTime: 'Same as last time',
  noLastTime: 'This lead was not booked from a reminder: there is no last time to repeat.',
  lastTimeNotAQuote: "Last time's items do not make a quote: write this one with Send quote.",
  reviewQueued: (at: string) => `Review request queued for ${at}`,
  reviewSent: 'Review request sent',
  reviewOpened: 'Review link opened',
  reviewHeld: 'Review request held',
  hold: 'Hold the review request',
  release: 'Send the review request',
  textReview: 'Text the review link',
} as const

/** The list's heading, which takes the focus once a deleted customer's row is gone. */
export const DUE_AGAIN_HEADING_ID = 'due-again-heading'

/** The Due again view's "Delete": a dialog asks first (app/components/owner/confirm-dialog.tsx). */
export const DELETE_CUSTOMER_TEXTS = {
  open: 'Delete',
  question: (name: string) => `Delete ${name} for good?`,
  explain:
    'Their details, past jobs and any reminder or review request not yet sent are removed. If they stopped reminders, their e-mail address is kept with the stop, so no import starts them again. This cannot be undone.',
  confirm: 'Delete for good',
  keep: 'Keep them',
} as const

export const COME_BACK_SOURCES_TEXTS = {
  caption: (days: number) => `What comes back, last ${days} days`,
  rows: [
    ['remindersSent', 'Due-again reminders sent'],
    ['daysBooked', 'Days booked from them'],
    ['rebooksAccepted', 'Re-books accepted'],
    ['rebookCents', 'Value of accepted re-books'],
    ['reviewRequestsSent', 'Review requests sent'],
    ['reviewLinksOpened', 'Review links opened'],
  ] as const satisfies readonly (readonly [keyof ComeBackCounts, string])[],
} as const

/** "Find a past customer" in the Due again view: anyone imported or paid, due soon or not, stopped or not. */
export const FIND_CUSTOMER_TEXTS = {
  heading: 'Find a past customer',
  help: 'Everyone with a past job, whenever they are due and whether or not they stopped reminders: to answer a request to see or delete their details.',
  label: 'Name, e-mail or phone',
  button: 'Find',
  tooShort: 'Type at least 2 characters.',
  tooLong: 'Type at most 100 characters.',
  found: (count: number, text: string) =>
    count === 0
      ? `No past customer matches “${text}”.`
      : `${count === FIND_CUSTOMER_MAX ? `The first ${count}` : count} past customer${count === 1 ? '' : 's'} matching “${text}”:`,
  stopped: 'Reminders stopped',
  lastJob: (day: string, jobs: number) => `Last job ${day}${jobs > 1 ? `, ${jobs} jobs` : ''}`,
} as const

/** At most this many are listed: a longer list asks for a closer search. */
export const FIND_CUSTOMER_MAX = 20
/** The search's length bounds, in characters. */
export const FIND_CUSTOMER_LENGTH = { min: 2, max: 100 } as const

/** What "Find" searches for: checked by the page's loader, which answers in words. */
const customerFindSchema = v.pipe(
  v.string(),
  v.trim(),
  v.minLength(FIND_CUSTOMER_LENGTH.min, FIND_CUSTOMER_TEXTS.tooShort),
  v.maxLength(FIND_CUSTOMER_LENGTH.max, FIND_CUSTOMER_TEXTS.tooLong),
)

/** The `?find=` of the Due again page, as its loader reads it: the words, or why they are not searched. */
export function customerSearchOf({ find: raw }: { find?: string | number }) {
  if (raw === undefined) return null
  const find = String(raw).trim()
  const checked = v.safeParse(customerFindSchema, find)
  return { find: find.slice(0, FIND_CUSTOMER_LENGTH.max), refusal: checked.success ? null : checked.issues[0].message }
}
