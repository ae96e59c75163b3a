// The inbox's reads and writes (docs/decisions/033-owner-inbox.md); the caller has checked the owner's session.
import { sql } from 'kysely'
import { followUpMark, type InboxLead } from './owner-lead'
import type { SourcePeriod } from './owner-views'
import { leadCardColumns, leadTopic, OWNER_STATUSES, type OwnerStatus } from '~/features/leads'
import { serviceSummary } from '../../content/service-list'
import type { Db } from '../../platform/db/database.server'
import { withPhotos } from './lead-photos.server'
import { featureSources } from './inbox-parts.server'
import { withQuotes } from '../quotes/index.server'
import { receivedCents, withInvoices } from '../payments/index.server'
import { shownPriceOf } from '../prices/index.server'
import { listLeads, type LeadRow } from './leads.server'
import { cityOfZip } from '../leads/index.server'
import { categoryOfLeadPage } from '../work/index.server'

function toInboxLead(row: LeadRow): InboxLead {
  return {
    ...leadCardColumns(row),
    createdAt: new Date(row.created_at).toISOString(),
    note: row.owner_note ?? '',
    ...leadTopic(row.source_page),
    // The service chosen on the form says more than the page it was sent from.
    ...(row.service_id ? { service: serviceSummary(row.service_id).title } : {}),
    followUp: followUpMark(row.status, new Date(row.status_since), Date.now()),
    workCity: cityOfZip(row.service_zip)?.slug ?? null,
    workCategory: categoryOfLeadPage(row.source_page),
    shownPrice: shownPriceOf(row),
  }
}

/** The rows' cards with their photos, quotes and invoices: one read of each for the whole list. */
async function inboxCards(db: Db, rows: LeadRow[]): Promise<InboxLead[]> {
  const cards = rows.map(toInboxLead)
  return withInvoices(db, await withQuotes(db, await withPhotos(db, cards)))
}

/** The newest 200; spam and archived leads stay in `npm run leads`. */
export async function listInbox(db: Db): Promise<InboxLead[]> {
  return inboxCards(db, await listLeads(db, { inbox: true, limit: 200 }))
}

/**
 * Null: no such lead, or one not in the inbox. The job value is kept only with "won", as the table's trigger keeps
 * won_at.
 */
export async function updateLead(
  db: Db,
  id: string,
  change: { status: OwnerStatus; note: string; jobValueCents?: number | null },
): Promise<InboxLead | null> {
  const updated = await db
    .updateTable('leads')
    .set({
      status: change.status,
      owner_note: change.note || null,
      job_value_cents: change.status === 'won' ? (change.jobValueCents ?? null) : null,
    })
    .where('id', '=', id)
    .where('status', 'in', OWNER_STATUSES)
    .executeTakeFirst()
  if (!Number(updated.numUpdatedRows)) return null
  return (await inboxCards(db, await listLeads(db, { id })))[0] ?? null
}

/** The Sources view: its rows are a channel or an answer (null: not recorded / no answer), then what features add. */
export type LeadSources = Awaited<ReturnType<typeof leadSources>>
export type SourceCount = LeadSources['channels'][number]

/**
 * Per channel, then per answer to "How did you hear about us?", for real leads (no spam or archived) of the
 * last `days`. Contacted and quoted count a lead that ever reached the stage; won counts leads won now.
 */
export async function leadSources(db: Db, days: SourcePeriod) {
  const counted = (dimension: 'source_channel' | 'heard_about') =>
    db
      .selectFrom('leads')
      .select((eb) => [
        eb.ref(dimension).as('value'),
        eb.fn.countAll<number>().as('leads'),
        eb.fn.count<number>('contacted_at').as('contacted'),
        eb.fn.count<number>('quoted_at').as('quoted'),
        eb.fn.countAll<number>().filterWhere('status', '=', 'won').as('won'),
        eb.fn
          .coalesce(
            // Money received where there is some, else the value typed at the win (decision 055).
            eb.fn.sum<number>(eb.fn.coalesce(receivedCents(eb), 'job_value_cents')).filterWhere('status', '=', 'won'),
            sql.lit(0),
          )
          .as('wonCents'),
      ])
      .where('status', 'in', OWNER_STATUSES)
      .where('created_at', '>=', sql<Date>`now() - make_interval(days => ${days})`)
      .groupBy(dimension)
      .orderBy((eb) => eb.fn.countAll(), 'desc')
      .orderBy(dimension, (order) => order.nullsLast())
      .execute()
      .then((rows) => rows.map((row) => ({ ...row, wonCents: Number(row.wonCents) })))
  // Per service, where the accepted total fell against the range its lead was shown (decision 057).
  const againstRange = db
    .selectFrom('leads')
    .innerJoin('quotes', 'quotes.lead_id', 'leads.id')
    .select((eb) => [
      'leads.service_id as serviceId',
      eb.fn.countAll<number>().filterWhere('accepted_total_cents', '<', eb.ref('price_low_cents')).as('below'),
      eb.fn
        .countAll<number>()
        .filterWhere((w) => w.between('accepted_total_cents', w.ref('price_low_cents'), w.ref('price_high_cents')))
        .as('inside'),
      eb.fn.countAll<number>().filterWhere('accepted_total_cents', '>', eb.ref('price_high_cents')).as('above'),
    ])
    .where('quotes.accepted_at', 'is not', null)
    .where('leads.price_low_cents', 'is not', null)
    .where('leads.created_at', '>=', sql<Date>`now() - make_interval(days => ${days})`)
    .groupBy('leads.service_id')
    .orderBy('leads.service_id')
    .execute()
  const [channels, answers, prices, features] = await Promise.all([
    counted('source_channel'),
    counted('heard_about'),
    againstRange,
    featureSources(db, days),
  ])
  return {
    days,
    channels,
    answers,
    ...features,
    // Counts are numbers already, as in the tables above (an int8 within the safe range is one).
    prices: prices.map(({ serviceId, ...counts }) => ({
      service: serviceId ? serviceSummary(serviceId).title : '',
      ...counts,
    })),
  }
}
