// A lead card's part of coming back (decision 064): the day a due-again lead asked for with "Same as last time",
// and a paid job's review request (when it goes, sent, opened) with "Hold" and a text of the review link.
import { useQuery } from '@tanstack/react-query'
import { site, smsHref } from '~/content/site'
import { ownerOutlineClass } from '~/components/owner/owner-field'
import type { LeadCard } from '~/features/leads'
import { formatPacificTime } from '~/features/quotes'
import { useLeadsCache } from '~/components/owner/leads-cache'
import { ownerButtonClass } from '~/components/owner/owner-shell'
import { useOwnerWrite } from '~/components/owner/owner-write'
import { fetchComeBackCard, holdOwnerReviewRequest, sendOwnerSameAsLastTime } from './come-back.functions'
import { longDay } from '~/features/schedule'
import { COME_BACK_TEXTS as T, reviewLink } from './due-again'
import { formatCents } from '~/lib/money'

export type ComeBackLead = Pick<LeadCard, 'id' | 'status' | 'channel' | 'phone'> & {
  quote?: unknown
  invoice?: { paidCents: number }
}

export function ComeBackCard({ lead }: { lead: ComeBackLead }) {
  const leads = useLeadsCache()
  const card = useQuery({
    queryKey: ['come-back', lead.id, lead.status, lead.invoice?.paidCents ?? 0],
    queryFn: () => fetchComeBackCard({ data: { id: lead.id } }),
  })
  // "Same as last time" shows on a lead without a quote, a review request on a paid one: one message at a time.
  const same = useOwnerWrite(() => sendOwnerSameAsLastTime({ data: { id: lead.id } }), {
    after: () => leads.readAgain(),
  })
  const hold = useOwnerWrite((held: boolean) => holdOwnerReviewRequest({ data: { id: lead.id, held } }), {
    after: () => card.refetch(),
  })
  const data = card.data
  if (!data) return null
  const review = data.review
  const reviewUrl = review && reviewLink(review.token)
  return (
    <div className="mt-3 grid gap-2">
      {data.bookedDay && <p className="font-semibold">{T.requestedDay(longDay(data.bookedDay))}</p>}
      {data.lastTime && !lead.quote && (
        <>
          <ul className="list-disc pl-5">
            {data.lastTime.map((item, i) => (
              <li key={i}>
                {item.description}: {formatCents(item.cents, { whole: true })}
              </li>
            ))}
          </ul>
          <button type="button" disabled={same.isPending} onClick={() => same.mutate()} className={ownerButtonClass}>
            {T.sameAsLastTime}
          </button>
        </>
      )}
      {review && (
        <>
          <p>
            {review.held
              ? T.reviewHeld
              : review.opened
                ? T.reviewOpened
                : review.sent
                  ? T.reviewSent
                  : T.reviewQueued(formatPacificTime(review.dueAt))}
          </p>
          {!data.reviewLinkSet && <p>Set GOOGLE_REVIEW_URL on the server: until then the request waits.</p>}
          <div className="flex flex-wrap gap-2">
            {!review.sent && (
              <button
                type="button"
                disabled={hold.isPending}
                onClick={() => hold.mutate(!review.held)}
                className={`${ownerOutlineClass} flex-1`}
              >
                {review.held ? T.release : T.hold}
              </button>
            )}
            <a
              href={smsHref(lead.phone, `Thank you for choosing ${site.name}! A review helps us a lot: ${reviewUrl}`)}
              className={`${ownerOutlineClass} flex-1`}
            >
              {T.textReview}
            </a>
          </div>
        </>
      )}
      <p role="status" className="empty:hidden">
        {same.message || hold.message}
      </p>
    </div>
  )
}
