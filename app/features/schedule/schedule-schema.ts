// The owner day's inputs, checked on the server with the messages the owner and the customer read.
import * as v from 'valibot'
import { citySlugs } from '~/content/service-areas'
import { isCalendarDay } from '~/lib/calendar-day'
import { ONE_ISSUE } from '~/lib/text-fields'
import { TIME_WINDOWS } from './schedule'

const calendarDay = v.config(v.pipe(v.string('Give a date.'), v.check(isCalendarDay, 'Give a date.')), ONE_ISSUE)

/** The first 5-digit group of a home base ("12 Main St, Folsom, CA 95630" or "95630"): where routes start. */
export const homeBaseZip = (homeBase: string) => /\b(\d{5})\b/.exec(homeBase)?.[1] ?? null

export const truckDaysSchema = v.object({
  jobsPerDay: v.config(
    v.pipe(
      v.union([v.literal(''), v.pipe(v.string(), v.regex(/^\d{1,2}$/)), v.number()], 'Jobs per day is a number.'),
      v.transform((raw) => (raw === '' ? null : Number(raw))),
      v.check((n) => n === null || (n >= 1 && n <= 20), 'Jobs per day is from 1 to 20, or empty.'),
    ),
    ONE_ISSUE,
  ),
  homeBase: v.config(
    v.pipe(
      v.string(),
      v.trim(),
      v.maxLength(200, 'The home base is at most 200 characters.'),
      v.check((text) => text === '' || homeBaseZip(text) !== null, 'Give the home base with its 5-digit ZIP code.'),
    ),
    ONE_ISSUE,
  ),
  senderName: v.pipe(v.string(), v.trim(), v.maxLength(60, 'Your name is at most 60 characters.')),
  days: v.pipe(
    v.array(
      v.object({ city: v.picklist(citySlugs), weekday: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(7)) }),
    ),
    v.maxLength(citySlugs.length * 7),
  ),
})
export type TruckDaysInput = v.InferOutput<typeof truckDaysSchema>

export const blockDaysSchema = v.pipe(
  v.object({ from: calendarDay, to: v.optional(v.union([v.literal(''), calendarDay]), '') }),
  v.transform(({ from, to }) => ({ from, to: to || from })),
  v.check(({ from, to }) => to >= from, 'The last date is before the first.'),
  v.check(({ from, to }) => Date.parse(to) - Date.parse(from) <= 62 * 86_400_000, 'Block at most two months at once.'),
)

export const dayOfSchema = v.object({ day: calendarDay })

/** The customer's radio button: "2026-03-03 morning", or the none-of-these button. */
export const dayChoiceSchema = v.pipe(
  v.string(),
  v.regex(new RegExp(`^\\d{4}-\\d{2}-\\d{2} (${TIME_WINDOWS.join('|')})$`)),
  v.check((choice) => isCalendarDay(choice.slice(0, 10))),
  v.transform((choice) => ({ day: choice.slice(0, 10), window: choice.slice(11) as (typeof TIME_WINDOWS)[number] })),
)
