// What reminds the owner (docs/decisions/048-lead-follow-through.md): the morning list, and the retention that
// deletes old leads (a lead's own follow-up pushes are the leads feature's). The worker gives the two daily jobs a turn.
import type { Db } from '../../platform/db/database.server'
import { outboxJob } from '../../platform/outbox/worker.server'
import { enqueue, outboxTemplate } from '../../platform/outbox/outbox.server'
import { ownerEmail } from '../../platform/transport/mail.server'
import { morningListDay, pacificDate } from '../../platform/time/business-hours.server'
import { morningListParts } from './inbox-parts.server'
import { expireLeads } from './leads.server'
import { morningListLeads, morningListMail } from './morning-list.server'

/** The leads it names and the invoices are read as it is sent: one worked, paid or deleted since drops out. */
export const morningList = outboxTemplate('morning_list', {
  channel: 'owner_mail',
  build: async ({ leads }: { day: string; leads: string[] }, _row, { db, now, config }) => {
    const [waiting, parts] = await Promise.all([morningListLeads(db, leads), morningListParts(db, now)])
    return waiting.length || parts.length
      ? morningListMail(waiting, parts, ownerEmail(config))
      : 'every lead and invoice on it has moved on'
  },
})

/**
 * The morning list of `day`: claims the Pacific date for the day's one list, and queues an e-mail if a lead waits
 * or another feature's part has something to say (an invoice due, tomorrow's stops). Whether it did.
 */
export async function queueMorningList(db: Db, day: string, now: Date): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    const claimed = await tx
      .insertInto('daily_runs')
      .values({ job: 'morning-list', day })
      .onConflict((conflict) => conflict.doNothing())
      .executeTakeFirst()
    if (!Number(claimed.numInsertedOrUpdatedRows)) return false
    const waiting = await tx
      .selectFrom('leads')
      .select('id')
      .where('status', 'in', ['new', 'contacted'])
      .where((eb) =>
        eb(eb.fn('greatest', ['created_at', 'last_contact_at']), '<', new Date(now.getTime() - 86_400_000)),
      )
      .orderBy('created_at')
      .execute()
    const parts = await morningListParts(tx, now)
    if (waiting.length === 0 && parts.length === 0) return false
    const list = { day, leads: waiting.map((lead) => lead.id) }
    await enqueue(tx, morningList, list, { key: `morning-${day}`, dueAt: now })
    return true
  })
}

// The day each job was last seen to by this process, so a turn asks the database once a day per job.
const done = new WeakMap<Db, { morningList?: string; retention?: string }>()
const seenBy = (db: Db) => done.get(db) ?? done.set(db, {}).get(db)!

outboxJob('lead retention', async ({ db, now, config }) => {
  const seen = seenBy(db)
  if (seen.retention === pacificDate(now)) return
  await expireLeads(db, config.leadRetentionMonths, now)
  seen.retention = pacificDate(now)
})

outboxJob('morning list', async ({ db, now }) => {
  const seen = seenBy(db)
  const day = morningListDay(now)
  if (!day || seen.morningList === day) return
  await queueMorningList(db, day, now)
  seen.morningList = day
})
