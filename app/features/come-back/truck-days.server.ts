// The days a reminder offers: the open truck days of the customer's city from the owner's day (decision 063),
// 2 to 4 of them; with fewer than 2 open the reminder offers none and asks the customer to reply or call.
import type { Db } from '../../platform/db/database.server'
import { cityOfZip } from '../leads/index.server'
import { offeredDays as openTruckDays } from '../schedule/index.server'

const OFFERED_MIN = 2
const OFFERED_MAX = 4

/** The city's name and its days, `YYYY-MM-DD`: 2 to 4 of them, or none. */
export async function offeredDays(db: Db, zip: string | null, from: Date) {
  const city = cityOfZip(zip)
  const open = await openTruckDays(db, city?.slug ?? null, from)
  return { cityName: city?.name ?? null, days: open.length >= OFFERED_MIN ? open.slice(0, OFFERED_MAX) : [] }
}
export type OfferedDays = Awaited<ReturnType<typeof offeredDays>>
