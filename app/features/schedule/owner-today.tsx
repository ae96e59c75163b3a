// The Today view (docs/decisions/063-owner-day.md): the day's jobs in driving order from the home base, each with
// "Navigate", "On my way" and "Job done" (which drafts the invoice on the lead's card, as there).
import { useNavigate } from '@tanstack/react-router'
import { ownerOutlineClass, WriteStatus } from '~/components/owner/owner-field'
import { ownerButtonClass } from '~/components/owner/owner-shell'
import { useOwnerWrite } from '~/components/owner/owner-write'
import { OWNER_DAY_TEXTS as T } from './schedule'
import type { TodayStops } from './today.server'

/** "Job done" drafts the invoice, which is payments' (the route hands its call in, so schedule does not import it). */
type JobDone = (lead: string) => Promise<unknown>

export function OwnerToday({ homeBase, stops, jobDone }: TodayStops & { jobDone: JobDone }) {
  return (
    <>
      <h2 className="mt-6 text-xl font-bold">{T.todayTitle}</h2>
      {stops.length === 0 ? (
        <p className="mt-4">{T.todayEmpty}</p>
      ) : (
        <>
          <p className="mt-2 wrap-anywhere">{homeBase ? T.todayFrom(homeBase) : T.noHome}</p>
          <ol className="mt-3 grid gap-4" aria-label={T.todayTitle}>
            {stops.map((stop, i) => (
              <li key={stop.leadId} className="rounded-xl p-4 ring-1 ring-slate-300">
                <Stop stop={stop} number={i + 1} jobDone={jobDone} />
              </li>
            ))}
          </ol>
        </>
      )}
    </>
  )
}

function Stop({ stop, number, jobDone }: { stop: TodayStops['stops'][number]; number: number; jobDone: JobDone }) {
  const navigate = useNavigate()
  const done = useOwnerWrite(() => jobDone(stop.leadId), { after: () => navigate({ to: '/owner' }) })
  return (
    <>
      <h3 className="text-lg font-bold">
        {number}. {stop.firstName}
      </h3>
      <p className="wrap-anywhere">{stop.address}</p>
      <p>{stop.window}</p>
      {stop.items.length > 0 && (
        <ul className="mt-1 list-disc pl-5 text-sm">
          {stop.items.map((item, i) => (
            <li key={i}>{item}</li>
          ))}
        </ul>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        <a href={stop.navigate} className={`${ownerButtonClass} flex-1`}>
          {T.navigate}
        </a>
        {stop.onMyWay && (
          <a href={stop.onMyWay} className={`${ownerOutlineClass} flex-1`}>
            {T.onMyWay}
          </a>
        )}
        <button type="button" className={`${ownerOutlineClass} flex-1`} onClick={() => done.mutate()}>
          {T.jobDone}
        </button>
      </div>
      <WriteStatus>{done.message}</WriteStatus>
    </>
  )
}
