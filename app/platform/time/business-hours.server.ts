// Time counted within the business's opening hours (app/content/site.ts), in Pacific time, for the owner's
// follow-ups (docs/decisions/048-follow-through.md). Pure: the caller passes the instant, so tests move a clock
// instead of waiting.
import { site } from '../../content/site'

export const BUSINESS_TIME_ZONE = 'America/Los_Angeles'

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5))
const OPENS = minutesOf(site.hours.opens)
const CLOSES = minutesOf(site.hours.closes)
const MINUTE = 60_000

let parts: Intl.DateTimeFormat | undefined

/** The Pacific calendar date and minute of the day of an instant. */
export function pacificClock(at: Date): { year: number; month: number; day: number; minute: number } {
  parts ??= new Intl.DateTimeFormat('en-US', {
    timeZone: BUSINESS_TIME_ZONE,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  })
  const clock = Object.fromEntries(parts.formatToParts(at).map((part) => [part.type, Number(part.value)]))
  return { year: clock.year!, month: clock.month!, day: clock.day!, minute: clock.hour! * 60 + clock.minute! }
}

/** `YYYY-MM-DD` of the Pacific date the instant falls on. */
export function pacificDate(at: Date): string {
  const { year, month, day } = pacificClock(at)
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
}

/**
 * The instant a Pacific wall clock shows `minute` on that date (the day may overflow into the next month).
 * The offset is read at the guess and again at the answer, which settles it on a daylight-saving day.
 */
export function pacificInstant(year: number, month: number, day: number, minute: number): Date {
  const wall = Date.UTC(year, month - 1, day, 0, minute)
  let guess = wall
  for (let i = 0; i < 2; i++) {
    const seen = pacificClock(new Date(guess))
    const seenWall = Date.UTC(seen.year, seen.month - 1, seen.day, 0, seen.minute)
    guess += wall - seenWall
  }
  return new Date(guess)
}

/** The Pacific date whose morning list is due at `now`: today's from opening time on, none before it. */
export function morningListDay(now: Date): string | null {
  const { year, month, day } = pacificClock(now)
  return now.getTime() >= pacificInstant(year, month, day, OPENS).getTime() ? pacificDate(now) : null
}

/**
 * `minutes` of opening hours after `from`: a lead at 21:00 counts from 07:00 the next day, so 15 minutes
 * after it is 07:15. Opening hours are every day (site.hours.days).
 */
export function businessMinutesLater(from: Date, minutes: number): Date {
  let at = from
  let left = Math.max(0, minutes)
  for (;;) {
    const clock = pacificClock(at)
    if (clock.minute < OPENS) at = pacificInstant(clock.year, clock.month, clock.day, OPENS)
    else if (clock.minute >= CLOSES) at = pacificInstant(clock.year, clock.month, clock.day + 1, OPENS)
    else {
      // Seconds within the minute count too, so 15 minutes are 15 minutes to the millisecond.
      const closing = pacificInstant(clock.year, clock.month, clock.day, CLOSES)
      const open = closing.getTime() - at.getTime()
      if (left * MINUTE <= open) return new Date(at.getTime() + left * MINUTE)
      left -= open / MINUTE
      at = pacificInstant(clock.year, clock.month, clock.day + 1, OPENS)
    }
  }
}
