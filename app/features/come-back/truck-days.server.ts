// The days a reminder offers: the city's open truck days from the owner's-day schedule (issue 79), which is not
// on this branch yet. Until it is, a reminder offers no day and asks the customer to reply or call (decision 062).
import type { Db } from '../../platform/db/database.server'
import { cityOfZip } from '../leads/lead-fields.server'

export interface OfferedDays {
  cityName: string | null
  /** `YYYY-MM-DD`, 2 to 4 of them, or none. */
  days: string[]
}

export async function offeredDays(_db: Db, zip: string | null, _from: Date): Promise<OfferedDays> {
  return { cityName: cityOfZip(zip)?.name ?? null, days: [] }
}
