// What the other features add to the inbox's server side (decision 066): their counts in the Sources view over the
// same days (each key's table is a part in inbox-parts.ts that reads `sources[key]`), and their parts of the morning
// list.
import type { Db } from '../../platform/db/database.server'
import { comeBackCounts } from '../come-back/index.server'
import { invoicesDue } from '../payments/index.server'
import { tomorrowsStops } from '../schedule/index.server'
import type { MorningListPart } from './morning-list.server'
import type { SourcePeriod } from './owner-views'

const SOURCES_READS = { comeBack: comeBackCounts }

export type FeatureSources = { [K in keyof typeof SOURCES_READS]: Awaited<ReturnType<(typeof SOURCES_READS)[K]>> }

export async function featureSources(db: Db, days: SourcePeriod): Promise<FeatureSources> {
  const reads = Object.entries(SOURCES_READS).map(async ([key, read]) => [key, await read(db, days)] as const)
  return Object.fromEntries(await Promise.all(reads)) as FeatureSources
}

/** After the leads waiting, in this order; each is read as the list is queued and again as it is sent. */
const MORNING_LIST_PARTS: ((db: Db, now: Date) => Promise<MorningListPart | null>)[] = [invoicesDue, tomorrowsStops]

export async function morningListParts(db: Db, now: Date): Promise<MorningListPart[]> {
  const parts = await Promise.all(MORNING_LIST_PARTS.map((read) => read(db, now)))
  return parts.filter((part) => part !== null)
}
