// The owner's day (docs/decisions/063-owner-day.md): what the browser and the server share, the windows, the form's
// field names, the quote page's day offer and every text the customer and the owner read.
import { site } from '~/content/site'

/** The two arrival windows a customer picks from, as Pacific wall clock. */
export const WINDOWS = {
  morning: { start: '08:00', end: '12:00' },
  afternoon: { start: '13:00', end: '17:00' },
} as const
export type TimeWindow = keyof typeof WINDOWS
export const TIME_WINDOWS = Object.keys(WINDOWS) as TimeWindow[]

/** Dates are offered from tomorrow through this many days ahead, at most MAX_OFFERED of them. */
export const OFFER_HORIZON_DAYS = 21
export const MAX_OFFERED = 6

/** ISO weekdays, 1 Monday … 7 Sunday. */
export const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const

export const DAY_FIELDS = { choice: 'choice', intent: 'intent' } as const

/** "Tuesday, March 3" of a YYYY-MM-DD day, in any reader's time zone. */
export function longDay(day: string): string {
  // A date-only ISO text is read as UTC midnight, whatever the reader's zone.
  return new Date(day).toLocaleDateString('en-US', {
    timeZone: 'UTC',
    weekday: 'long',
    month: 'long',
    day: 'numeric',
  })
}

/** The YYYY-MM-DD day `days` after `day`. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(day) + days * 86_400_000).toISOString().slice(0, 10)
}

/** A `date` column as both drivers return it, a Date at UTC midnight (postgres.server.ts), as YYYY-MM-DD. */
export const dayText = (day: Date) => day.toISOString().slice(0, 10)

/** The ISO weekday of a YYYY-MM-DD day. */
export function isoWeekday(day: string): number {
  return ((new Date(day).getUTCDay() + 6) % 7) + 1
}

/** What an accepted quote's page shows about its day. */
export type DayOffer =
  | { state: 'offered'; days: string[] }
  | { state: 'requested'; day: string; window: TimeWindow }
  | { state: 'none-work' }
  | { state: 'call' }

export const DAY_PAGE_TEXTS = {
  heading: 'Pick a day for the job',
  legend: 'Days the truck is in your area',
  ask: 'Ask for this day',
  noneWork: 'None of these work',
  morning: 'morning (8 AM – 12 PM)',
  afternoon: 'afternoon (1 PM – 5 PM)',
  requested: (day: string, window: TimeWindow) => `Requested: ${longDay(day)}, ${window}. We will confirm by e-mail.`,
  noneSent: 'Thank you. We will call you to set the day.',
  choose: 'Please choose a day and a time.',
  notOffered: 'That day is no longer open. Please choose another one.',
  alreadyAsked: 'You have already asked for a day. We will confirm by e-mail.',
  alreadyConfirmed: 'Your day is already confirmed. Call us to move it.',
  refusedTitle: 'That day could not be requested',
} as const

export const OWNER_DAY_TEXTS = {
  truckDaysTab: 'Truck days',
  todayTab: 'Today',
  truckDaysTitle: 'Truck days',
  truckDaysHelp: 'Tick the weekdays the truck is in each city. A city with none ticked is offered every day.',
  jobsPerDay: 'Jobs per day',
  jobsPerDayHelp: 'Leave empty for no limit.',
  homeBase: 'Home base (address or ZIP)',
  senderName: 'Your name in the "On my way" text',
  save: 'Save truck days',
  saved: 'Saved.',
  blockedTitle: 'Blocked dates',
  blockedAdd: 'Block a date',
  blockedFrom: 'From',
  blockedTo: 'Through (optional)',
  blockedRemove: (day: string) => `Unblock ${longDay(day)}`,
  noDates: (cities: string[]) =>
    `No date in the next ${OFFER_HORIZON_DAYS} days for ${cities.join(', ')}: customers there are told "We will call you to set the day".`,
  todayTitle: 'Today',
  todayEmpty: 'No jobs today.',
  todayFrom: (home: string) => `From ${home}, in driving order:`,
  noHome: 'Set the home base under Truck days to start the route from it.',
  navigate: 'Navigate',
  onMyWay: 'On my way',
  jobDone: 'Job done',
  request: (day: string, window: TimeWindow) => `Asked for ${longDay(day)}, ${window}`,
  requestNone: 'None of the offered days work for them: call to set the day.',
  requestLoad: (booked: number, limit: number | null) =>
    limit === null ? `${booked} job(s) that day.` : `${booked} of ${limit} jobs that day.`,
  requestBlocked: 'That date is blocked.',
  confirm: 'Confirm day',
  offerOther: 'Offer other days',
  confirmed: 'Day confirmed: the customer gets the calendar invite.',
  offered: 'The customer is offered the days again.',
  full: 'That day is full now. Offer other days, or raise the jobs per day.',
  blocked: 'That date is blocked now. Offer other days, or unblock it.',
  past: 'That day has passed. Offer other days.',
  noRequest: 'There is no open request for this lead any more.',
} as const

/** The "On my way" text, in the owner's words (issue 79). */
export const onMyWayText = (firstName: string, sender: string) =>
  `Hi ${firstName}, this is ${sender}, on my way, about 20 minutes.`

/** The push about a request: no street or contact, as a lead's push. */
export const dayRequestPush = (firstName: string, what: string) => ({
  title: 'A customer picked a day',
  body: `${firstName}: ${what}`,
  url: '/owner',
})

export const DEFAULT_SENDER = site.name
