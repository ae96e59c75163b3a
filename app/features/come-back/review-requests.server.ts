// The review request of a paid job (decision 064), queued by come-back.outbox.server.ts for 9:00 Pacific the
// morning after the invoice is paid in full, with one reminder 6 days later that goes only if the link was not
// opened. The same link for everyone (GOOGLE_REVIEW_URL) through /r/<token>, which counts the click; the owner may
// hold it.
import type { Db } from '../../platform/db/database.server'
import { LINK_PAGE_HEADERS } from '../../lib/page/link-page-headers'
import { plainPage } from '../../platform/http/link-page.server'
import { dropQueued } from '../../platform/outbox/outbox.server'
import { pacificMorning, queueReviewMails, reviewRequest } from './come-back.outbox.server'
import { isToken } from './due-again.server'

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
    .select(['token', 'queued_at', 'held_at', 'sent_at', 'opened_at'])
    .where('lead_id', '=', leadId)
    .executeTakeFirst()
  if (!row) return null
  return {
    token: row.token,
    dueAt: pacificMorning(row.queued_at, 1).toISOString(),
    held: Boolean(row.held_at),
    sent: Boolean(row.sent_at),
    opened: Boolean(row.opened_at),
  }
}

/** /r/<token>: counted and redirected; an unknown token, or no review page set, gets a clear page. */
export async function reviewLinkResponse(db: Db, token: string, reviewUrl: string | undefined, now: Date) {
  if (!isToken(token) || !reviewUrl || !(await openReviewLink(db, token, now)))
    return plainPage(404, 'This link is not available', 'Thank you for thinking of us.')
  return new Response(null, { status: 302, headers: { ...LINK_PAGE_HEADERS, Location: reviewUrl } })
}
