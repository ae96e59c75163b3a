// The jobs done once a Pacific day, from the outbox worker's runs: the first instance to claim the day in
// daily_runs does it (docs/decisions/048-follow-through.md, 043-lead-deletion.md). Logs counts, never details.
import type { RuntimeConfig } from '../config.server'
import type { Queryable } from '../db/database.server'
import { log } from '../log/logger.server'
import { morningListDay, pacificDate } from './business-hours.server'

/**
 * Deletes every lead whose last contact is older than `months`, once per Pacific day however many instances ask
 * (the claim and the deletion are one statement); their photos go through the outbox. Returns their ids.
 */
export async function expireLeads(db: Queryable, months: number, now = new Date()): Promise<string[]> {
  const deleted = await db.query<{ id: string }>(
    `WITH claim AS (INSERT INTO daily_runs (job, day) VALUES ('lead-retention', $3) ON CONFLICT DO NOTHING RETURNING 1)
     DELETE FROM leads
      WHERE EXISTS (SELECT 1 FROM claim) AND greatest(created_at, last_contact_at) < $1::timestamptz - make_interval(months => $2)
     RETURNING id`,
    [now, months, pacificDate(now)],
  )
  const ids = deleted.rows.map((row) => row.id)
  if (ids.length > 0) log('leads').info({ deleted: ids.length, months }, 'deleted leads past their retention')
  return ids
}

// The day each job was last seen to by this process, so a run asks the database once a day per job.
const done = new WeakMap<Queryable, { morningList?: string; retention?: string }>()

export async function runDailyJobs(db: Queryable, now: Date, config: Pick<RuntimeConfig, 'leadRetentionMonths'>) {
  const seen = done.get(db) ?? {}
  done.set(db, seen)
  const today = pacificDate(now)
  try {
    if (seen.retention !== today) {
      await expireLeads(db, config.leadRetentionMonths, now)
      seen.retention = today
    }
    const morning = morningListDay(now)
    if (morning && seen.morningList !== morning) {
      await db.query('SELECT public.queue_morning_list($1)', [JSON.stringify({ day: morning, now })])
      seen.morningList = morning
    }
  } catch (error) {
    // The deliveries go on; the next run tries again.
    log('outbox').error({ err: error }, 'a daily job failed')
  }
}
