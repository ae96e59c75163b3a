// The review request of a paid job (decision 064): queued when an invoice is paid in full, for 9:00 Pacific the
// next morning, with one reminder 6 days later that goes only if the link was not opened. The same link for
// everyone (GOOGLE_REVIEW_URL) through /r/<token>, which counts the click; the owner may hold it.
import type { Db } from '../../platform/db/database.server'
import { LINK_PAGE_HEADERS, plainPage } from '../../platform/http/link-page.server'
import { dropQueued, enqueue } from '../../platform/outbox/outbox.server'
import { pacificClock, pacificDate, pacificInstant } from '../../platform/time/business-hours.server'
import { REVIEW_HOUR, REVIEW_REMINDER_DAYS } from './due-again'
import { reviewRequest, type ReviewPayload } from './come-back.outbox.server'
import { newToken, pastCustomerId } from './past-jobs-import.server'

/** 9:00 Pacific, `days` after the Pacific day of `at`. */
export function pacificMorning(at: Date, days: number): Date {
  const { year, month, day } = pacificClock(at)
  return pacificInstant(year, month, day + days, REVIEW_HOUR * 60)
}

/**
 * In the transaction where the lead's invoice became paid in full (its row locked): the job becomes a past job,
 * due again by its service's interval, and the review request and its reminder are queued, once per lead.
 */
export async function jobPaid(tx: Db, leadId: string, now: Date): Promise<void> {
  const lead = await tx
    .selectFrom('leads')
    .leftJoin('quotes', 'quotes.lead_id', 'leads.id')
    .innerJoin('invoices', 'invoices.lead_id', 'leads.id')
    .select([
      'leads.first_name as name',
      'leads.email',
      'leads.phone',
      'leads.service_street as street',
      'leads.service_zip as zip',
      'leads.service_id as serviceId',
      'quotes.accepted_items as acceptedItems',
      'invoices.total_cents as totalCents',
    ])
    .where('leads.id', '=', leadId)
    .executeTakeFirst()
  if (!lead) return
  if (lead.serviceId) {
    const customerId = await pastCustomerId(tx, { ...lead, email: lead.email.toLowerCase() })
    const items = ((lead.acceptedItems ?? []) as { description: string; cents: number }[]).map(
      ({ description, cents }) => ({ description, cents }),
    )
    await tx
      .insertInto('past_jobs')
      .values({
        customer_id: customerId,
        service_id: lead.serviceId,
        done_on: pacificDate(now),
        price_cents: Math.min(lead.totalCents, 10_000_000),
        items: JSON.stringify(items),
        lead_id: leadId,
      })
      .onConflict((conflict) => conflict.column('lead_id').doNothing())
      .execute()
  }
  const made = await tx
    .insertInto('review_requests')
    .values({ lead_id: leadId, token: newToken(), queued_at: now })
    .onConflict((conflict) => conflict.column('lead_id').doNothing())
    .executeTakeFirst()
  if (!Number(made.numInsertedOrUpdatedRows ?? 0)) return
  await queueReviewMails(tx, leadId, now)
}

/** The request and its reminder; one sent before stays as it was. */
async function queueReviewMails(db: Db, leadId: string, now: Date): Promise<void> {
  const first: ReviewPayload = { reminder: false }
  const again: ReviewPayload = { reminder: true }
  await enqueue(db, reviewRequest, first, { leadId, key: 'review', dueAt: pacificMorning(now, 1) })
  const reminderAt = pacificMorning(now, 1 + REVIEW_REMINDER_DAYS)
  await enqueue(db, reviewRequest, again, { leadId, key: 'review-reminder', dueAt: reminderAt })
}

/** The owner holds the request (nothing more is sent) or lets it go again; false for a lead without one. */
export async function holdReviewRequest(db: Db, leadId: string, held: boolean, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('review_requests')
    .set({ held_at: held ? now : null })
    .where('lead_id', '=', leadId)
    .executeTakeFirst()
  if (held) await dropQueued(db, leadId, [reviewRequest])
  // Let go: what was not sent goes again, the first the next morning and the reminder 6 days after it.
  else if (Number(result.numUpdatedRows) > 0) await queueReviewMails(db, leadId, now)
  return Number(result.numUpdatedRows) > 0
}

/** /r/<token>: counts the click and gives where to go; null for a token that is no request's. */
export async function openReviewLink(db: Db, token: string, now: Date): Promise<boolean> {
  const opened = await db
    .updateTable('review_requests')
    .set((eb) => ({ clicks: eb('clicks', '+', 1), opened_at: eb.fn.coalesce('opened_at', eb.val(now)) }))
    .where('token', '=', token)
    .executeTakeFirst()
  return Number(opened.numUpdatedRows) > 0
}

/** What the lead's card shows of it. */
export async function reviewRequestOf(db: Db, leadId: string) {
  const row = await db
    .selectFrom('review_requests')
    .select(['token', 'queued_at', 'held_at', 'sent_at', 'opened_at', 'clicks'])
    .where('lead_id', '=', leadId)
    .executeTakeFirst()
  if (!row) return null
  return {
    token: row.token,
    dueAt: pacificMorning(row.queued_at, 1).toISOString(),
    held: Boolean(row.held_at),
    sent: Boolean(row.sent_at),
    opened: Boolean(row.opened_at),
    clicks: row.clicks,
  }
}

/** /r/<token>: counted and redirected; an unknown token, or no review page set, gets a clear page. */
export async function reviewLinkResponse(db: Db, token: string, reviewUrl: string | undefined, now: Date) {
  if (!/^[A-Za-z0-9_-]{32}$/.test(token) || !reviewUrl || !(await openReviewLink(db, token, now)))
    return plainPage(404, 'This link is not available', 'Thank you for thinking of us.')
  return new Response(null, { status: 302, headers: { ...LINK_PAGE_HEADERS, Location: reviewUrl } })
}
