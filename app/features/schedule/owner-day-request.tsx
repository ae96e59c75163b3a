// A lead card's day request (docs/decisions/063-owner-day.md): what the customer asked for, how full that day is,
// "Confirm day" and "Offer other days". Asked for only while an accepted card has no job, so the inbox stays as it
// was; kept mounted once the job is made, so "Day confirmed" stays on the card and is announced.
import { useQuery } from '@tanstack/react-query'
import { useHydrated } from '@tanstack/react-router'
import type { LeadQuote } from '~/features/quotes'
import { useLeadsCache } from '~/components/owner/leads-cache'
import { ownerMarkClass, ownerOutlineClass, WriteStatus } from '~/components/owner/owner-field'
import { ownerButtonClass } from '~/components/owner/owner-shell'
import { useOwnerWrite } from '~/components/owner/owner-write'
import { OWNER_DAY_TEXTS as T } from './schedule'
import { confirmOwnerDay, fetchDayRequest, offerOwnerOtherDays } from './schedule.functions'

export default function OwnerDayRequest({ lead }: { lead: { id: string; quote?: Pick<LeadQuote, 'job'> } }) {
  const hydrated = useHydrated()
  const leads = useLeadsCache()
  const request = useQuery({
    queryKey: ['owner', 'day-request', lead.id],
    queryFn: () => fetchDayRequest({ data: { lead: lead.id } }),
    enabled: !lead.quote?.job || lead.quote.job.cancelled,
  })
  const act = useOwnerWrite(
    (intent: 'confirm' | 'offer') =>
      (intent === 'confirm' ? confirmOwnerDay : offerOwnerOtherDays)({ data: { lead: lead.id } }),
    {
      said: (intent) => (intent === 'confirm' ? T.confirmed : T.offered),
      after: () => void Promise.all([request.refetch(), leads.readAgain()]),
    },
  )
  const open = request.data
  if (!open) return act.message ? <WriteStatus>{act.message}</WriteStatus> : null
  return (
    <section aria-label={T.confirm} className="mt-3 grid gap-2 border-t border-slate-200 pt-3">
      <p className="font-semibold">{open.day && open.window ? T.request(open.day, open.window) : T.requestNone}</p>
      {open.day && <p className="text-sm">{T.requestLoad(open.booked, open.limit)}</p>}
      {open.blocked && <strong className={ownerMarkClass}>{T.requestBlocked}</strong>}
      <div className="flex flex-wrap gap-2">
        {open.day && (
          <button
            type="button"
            className={`${ownerButtonClass} flex-1`}
            disabled={!hydrated || act.isPending}
            onClick={() => act.mutate('confirm')}
          >
            {T.confirm}
          </button>
        )}
        <button
          type="button"
          className={`${ownerOutlineClass} flex-1`}
          disabled={!hydrated || act.isPending}
          onClick={() => act.mutate('offer')}
        >
          {T.offerOther}
        </button>
      </div>
      <WriteStatus>{act.message}</WriteStatus>
    </section>
  )
}
