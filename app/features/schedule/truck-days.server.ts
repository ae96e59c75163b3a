// Truck days (docs/decisions/063-owner-day.md): the weekdays per city, jobs per day, the home base and blocked
// dates, and the dates they leave open: from tomorrow through OFFER_HORIZON_DAYS, minus blocked and full days.
import { sql } from 'kysely'
import { citySlugs, cityNames, type CitySlug } from '../../content/service-areas'
import type { Db } from '../../platform/db/database.server'
import { pacificDate } from '../../platform/time/business-hours.server'
import { addDays, dayText, DEFAULT_SENDER, isoWeekday, MAX_OFFERED, OFFER_HORIZON_DAYS } from './schedule'
import type { TruckDaysInput } from './schedule-schema'

/** The one settings row; `lock` holds it until the transaction ends (every confirmation takes it, see below). */
export function scheduleSettings(db: Db, lock = false) {
  return db
    .selectFrom('schedule_settings')
    .select(['jobs_per_day as jobsPerDay', 'home_base as homeBase', 'sender_name as senderName'])
    .$if(lock, (query) => query.forUpdate())
    .executeTakeFirstOrThrow()
}

/** Jobs on the calendar per day between `from` and `to`, cancelled ones not counted. */
export async function jobsPerDayBetween(db: Db, from: string, to: string): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('jobs')
    .select(['day', (eb) => eb.fn.countAll<string>().as('count')])
    .where('day', '>=', dateValue(from))
    .where('day', '<=', dateValue(to))
    .where('cancelled_at', 'is', null)
    .groupBy('day')
    .execute()
  return new Map(rows.map((row) => [dayText(row.day), Number(row.count)]))
}

/** A YYYY-MM-DD day as a `date` value: a JavaScript Date would be sent as an instant, shifted by the server's zone. */
export const dateValue = (day: string) => sql<Date>`${day}::date`

async function weekdaysByCity(db: Db): Promise<Map<CitySlug, Set<number>>> {
  const rows = await db
    .selectFrom('truck_days')
    .select(['city_slug', (eb) => eb.fn<number[]>('array_agg', ['weekday']).as('weekdays')])
    .groupBy('city_slug')
    .execute()
  return new Map(rows.map((row) => [row.city_slug as CitySlug, new Set(row.weekdays)]))
}

/** The weekdays a city is offered: its own; for no city, every city's; with none set, every day. */
function weekdaysOf(byCity: Map<CitySlug, Set<number>>, city: CitySlug | null): Set<number> {
  const own = city ? byCity.get(city) : new Set([...byCity.values()].flatMap((days) => [...days]))
  return own && own.size > 0 ? own : new Set([1, 2, 3, 4, 5, 6, 7])
}

/** What judging a day needs, read once: the weekdays, the limit, blocked dates and jobs in the horizon. */
async function calendarFacts(db: Db, now: Date) {
  const today = pacificDate(now)
  const last = addDays(today, OFFER_HORIZON_DAYS)
  const [byCity, settings, blockedRows, booked] = await Promise.all([
    weekdaysByCity(db),
    scheduleSettings(db),
    // From today on: the Truck days view lists them all.
    db.selectFrom('blocked_days').select('day').where('day', '>=', dateValue(today)).orderBy('day').execute(),
    jobsPerDayBetween(db, addDays(today, 1), last),
  ])
  const blocked = blockedRows.map((row) => dayText(row.day))
  const open = (day: string) =>
    !blocked.includes(day) && (settings.jobsPerDay === null || (booked.get(day) ?? 0) < settings.jobsPerDay)
  const offered = (city: CitySlug | null) => {
    const weekdays = weekdaysOf(byCity, city)
    const days: string[] = []
    for (let day = addDays(today, 1); day <= last && days.length < MAX_OFFERED; day = addDays(day, 1))
      if (weekdays.has(isoWeekday(day)) && open(day)) days.push(day)
    return days
  }
  return { byCity, offered, settings, blocked }
}

/**
 * Up to MAX_OFFERED open dates of a city (null: a lead without a known city), tomorrow first: the calendar read
 * once, however many cities are asked about (the Due again view asks for each of its own).
 */
export const offeredDays = async (db: Db, now: Date) => (await calendarFacts(db, now)).offered

/** The Truck days view: the settings, the blocked dates from today on, and the cities left without a date. */
export async function truckDaySettings(db: Db, now: Date) {
  const { byCity, offered, settings, blocked } = await calendarFacts(db, now)
  const noDateCities = citySlugs
    .filter((slug) => byCity.has(slug) && offered(slug).length === 0)
    .map((slug) => cityNames[slug])
  return {
    jobsPerDay: settings.jobsPerDay,
    homeBase: settings.homeBase ?? '',
    senderName: settings.senderName ?? DEFAULT_SENDER,
    days: Object.fromEntries([...byCity].map(([slug, days]) => [slug, [...days].sort()])),
    blocked,
    noDateCities,
  }
}

export type TruckDaySettings = Awaited<ReturnType<typeof truckDaySettings>>

/** "Save truck days": the weekdays of every city replaced, and the settings, in one transaction. */
export async function saveTruckDays(db: Db, input: TruckDaysInput): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await tx
      .updateTable('schedule_settings')
      .set({
        jobs_per_day: input.jobsPerDay,
        home_base: input.homeBase || null,
        sender_name: input.senderName || null,
        updated_at: new Date(),
      })
      .execute()
    await tx.deleteFrom('truck_days').execute()
    const rows = input.days.map(({ city, weekday }) => ({ city_slug: city, weekday }))
    if (rows.length > 0) await tx.insertInto('truck_days').values(rows).execute()
  })
}

/** "Block a date" (or every date from `from` through `to`); a date blocked already stays so. */
export async function blockDays(db: Db, from: string, to: string): Promise<void> {
  const days: { day: string }[] = []
  for (let day = from; day <= to; day = addDays(day, 1)) days.push({ day })
  await db
    .insertInto('blocked_days')
    .values(days)
    .onConflict((conflict) => conflict.column('day').doNothing())
    .execute()
}

export async function unblockDay(db: Db, day: string): Promise<void> {
  await db.deleteFrom('blocked_days').where('day', '=', dateValue(day)).execute()
}
