// Won leads that came from a Google ad click, as the file Google Ads imports (docs/operations.md, "Won jobs
// back into Google Ads"): built once here for the inbox's download and `npm run leads -- conversions`.
import { sql, type ExpressionBuilder } from 'kysely'
import { centsText } from '../../lib/money'
import { BUSINESS_TIME_ZONE } from '../../platform/time/business-hours.server'
import type { Db } from '../../platform/db/database.server'
import type { DB } from '../../platform/db/schema.gen'
import { receivedCents } from '../payments/index.server'
import { csvDownload, csvText } from '../../platform/http/owner-files.server'

/** A won ad click; its time a Date, or its ISO text once it has crossed the owner's socket. */
export type Conversion = Omit<Awaited<ReturnType<typeof conversions>>[number], 'wonAt'> & { wonAt: Date | string }

/** Won leads with a Google click id, won since `since` (ISO) or ever; no job value when the owner entered none. */
export async function conversions(db: Db, since: string | null = null) {
  // source_tags is Json, whose keys the builder's ->> cannot name.
  const gclid = (eb: ExpressionBuilder<DB, 'leads'>) => sql<string>`${eb.ref('source_tags')} ->> 'gclid'`
  return (
    db
      .selectFrom('leads')
      .select((eb) => ['id', gclid(eb).as('gclid'), 'won_at as wonAt'])
      // Money received where there is some, else the value typed at the win (decision 055).
      .select((eb) => eb.fn.coalesce(receivedCents(eb), 'job_value_cents').as('jobValueCents'))
      .where('status', '=', 'won')
      .where('won_at', 'is not', null)
      .where((eb) => eb(gclid(eb), '<>', ''))
      .$if(since !== null, (q) => q.where('won_at', '>=', new Date(since!)))
      .orderBy('won_at')
      .orderBy('id')
      .$narrowType<{ wonAt: Date }>()
      .execute()
  )
}

// The "Conversions from clicks" template of Google Ads Help's "Import conversions from ad clicks into Google Ads":
// this header row, no Parameters row, since each Conversion Time carries its offset in the form the Google Ads
// API documents for ClickConversion.conversion_date_time, "yyyy-mm-dd hh:mm:ss+|-hh:mm" (2019-01-01 12:32:45-08:00).
export const CONVERSION_COLUMNS = [
  'Google Click ID',
  'Conversion Name',
  'Conversion Time',
  'Conversion Value',
  'Conversion Currency',
] as const

/** The business's own clock, so a time reads as the owner lived it; the offset keeps it exact. */
const clock = new Intl.DateTimeFormat('en-US', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
  timeZoneName: 'longOffset',
})

/** "2026-11-20 14:32:00-08:00": Sacramento's time then, and its offset from UTC at that instant. */
export function conversionTime(instant: Date | string): string {
  const parts = Object.fromEntries(clock.formatToParts(new Date(instant)).map((part) => [part.type, part.value]))
  // "GMT-08:00", or "GMT" alone at offset zero.
  const offset = (parts.timeZoneName ?? 'GMT').replace(/^GMT/, '') || '+00:00'
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}${offset}`
}

/** A header row, then one row per conversion; value and currency only where a job value was entered. */
export function conversionsCsv(conversions: readonly Conversion[], conversionName: string): string {
  const rows = conversions.map(({ gclid, wonAt, jobValueCents: cents }) => [
    gclid,
    conversionName,
    conversionTime(wonAt),
    centsText(cents),
    cents === null ? '' : 'USD',
  ])
  return csvText(CONVERSION_COLUMNS, rows)
}

// The inbox's "Download won ad clicks (CSV)": never cacheable; its route lets only the signed-in owner ask.
/** Google Ads refuses a conversion whose click is older than 90 days: older wins would only be errors there. */
export const CONVERSIONS_DOWNLOAD_DAYS = 90

export async function ownerConversionsResponse(db: Db, conversionName: string, now: Date): Promise<Response> {
  const since = new Date(now.getTime() - CONVERSIONS_DOWNLOAD_DAYS * 86_400_000)
  const won = await conversions(db, since.toISOString())
  const csv = conversionsCsv(won, conversionName)
  return csvDownload(csv, `won-ad-clicks-${conversionTime(now).slice(0, 10)}.csv`)
}
