// What reminds the owner (docs/decisions/048-lead-follow-through.md): a push while a lead is still where it was,
// the morning list, and the retention that deletes old leads. The worker gives the two daily jobs a turn.
import { messages } from '../../content/messages'
import type { Db } from '../../platform/db/database.server'
import { outboxJob } from '../../platform/outbox/worker.server'
import { enqueue, outboxTemplate } from '../../platform/outbox/outbox.server'
import { ownerEmail, sanitizeText } from '../../platform/transport/mail.server'
import type { Push } from '../../platform/transport/push.server'
import { morningListDay, pacificDate } from '../../platform/time/business-hours.server'
import { unpaidInvoices } from '../payments/invoices.server'
import { tomorrowsLines } from '../schedule/today.server'
import { townOf } from './lead-town.server'
import { expireLeads } from './leads.server'
import { morningListLeads, morningListMail } from './morning-list.server'

/**
 * Sent only while the lead's status is still `while`: the escalation of a lead still new after `minutes` of
 * opening hours (store-lead queues it, key 'escalation'), and the reminders of a lead still quoted `days` later
 * (the status trigger queues them, keys 'quoted-2d' and 'quoted-7d', and deletes those a change made moot).
 */
export type FollowUp = { while: 'new'; minutes: number } | { while: 'quoted'; days: number }

const toInbox = (push: { title: string; body: string }): Push => ({ ...push, url: '/owner' })

export const ownerFollowUp = outboxTemplate('owner_follow_up', {
  channel: 'owner_push',
  build: async (followUp: FollowUp, row, { db, config }) => {
    const lead =
      row.leadId &&
      (await db
        .selectFrom('leads')
        .select(['status', 'first_name as firstName', 'service_zip as zip', 'source_page as sourcePage'])
        .where('id', '=', row.leadId)
        .executeTakeFirst())
    // A change claimed in the same moment as the row is dropped here, never sent later (decision 048).
    if (!lead || lead.status !== followUp.while) return `the lead is no longer ${followUp.while}`
    if (!config.owner.vapid) return 'alerts are off'
    if (followUp.while === 'new') {
      const city = townOf(lead)
      return toInbox(messages.push.escalation(city ? ` in ${city}` : '', followUp.minutes))
    }
    // To the owner about their own lead, so the first name may be in it.
    return toInbox(messages.push.quoteReminder(sanitizeText(lead.firstName, 60) || 'the customer', followUp.days))
  },
})

/** The morning list's row: the leads it names, read again as it is sent. */
export interface MorningList {
  day: string
  leads: string[]
}

/** The leads and invoices are read as it is sent: one worked, paid or deleted since drops out. */
export const morningList = outboxTemplate('morning_list', {
  channel: 'owner_mail',
  build: async ({ leads }: MorningList, _row, { db, now, config }) => {
    const [waiting, invoices, stops] = await Promise.all([
      morningListLeads(db, leads),
      unpaidInvoices(db, now),
      tomorrowsLines(db, now),
    ])
    return waiting.length || invoices.length || stops.length
      ? morningListMail(waiting, invoices, ownerEmail(config), stops)
      : 'every lead and invoice on it has moved on'
  },
})

/**
 * The morning list of `day`: claims the Pacific date for the day's one list, and queues an e-mail if a lead waits
 * or an invoice is due. How many.
 */
export async function queueMorningList(db: Db, day: string, now: Date): Promise<number> {
  return db.transaction().execute(async (tx) => {
    const claimed = await tx
      .insertInto('daily_runs')
      .values({ job: 'morning-list', day })
      .onConflict((conflict) => conflict.doNothing())
      .executeTakeFirst()
    if (!Number(claimed.numInsertedOrUpdatedRows)) return 0
    const waiting = await tx
      .selectFrom('leads')
      .select('id')
      .where('status', 'in', ['new', 'contacted'])
      .where((eb) =>
        eb(eb.fn('greatest', ['created_at', 'last_contact_at']), '<', new Date(now.getTime() - 86_400_000)),
      )
      .orderBy('created_at')
      .execute()
    const due = await unpaidInvoices(tx, now)
    const list: MorningList = { day, leads: waiting.map((lead) => lead.id) }
    const stops = await tomorrowsLines(tx, now)
    if (waiting.length > 0 || due.length > 0 || stops.length > 0)
      await enqueue(tx, morningList, list, { key: `morning-${day}`, dueAt: now })
    return waiting.length + due.length
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
