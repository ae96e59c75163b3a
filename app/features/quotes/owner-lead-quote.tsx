// A lead card's quote (docs/decisions/053-quotes-and-jobs.md): "Write a quote" or its state (sent, first viewed,
// changes asked, accepted, expired, withdrawn), and once accepted the job: "Schedule", "Reschedule", "Cancel job".
import { Link, useHydrated } from '@tanstack/react-router'
import { useId, type FormEvent } from 'react'
import type { LeadCard } from '../leads'
import { site } from '~/content/site'
import type { LeadQuote } from '~/features/quotes/quote'
import { OWNER_QUOTE_TEXTS as T } from '~/features/quotes/quote-texts'
import { cancelOwnerJob, scheduleOwnerJob, withdrawOwnerQuote } from '~/features/quotes/quotes.functions'
import { useLeadsCache } from '~/components/owner/leads-cache'
import { ownerButtonClass } from '~/components/owner/owner-shell'
import { useOwnerWrite } from '~/components/owner/owner-write'
import {
  OwnerField,
  ownerMarkClass,
  ownerOutlineClass,
  pacificToday,
  WriteStatus,
} from '~/components/owner/owner-field'

const input = 'min-h-11 rounded-lg border border-slate-500 px-2 focus-visible:outline-3 focus-visible:outline-brand-700'
/** The card's one write: it runs the call it is given. */
type CardWrite = { mutate: (call: () => Promise<unknown>) => void; isPending: boolean }

/** The inbox's card, as far as its quote goes. */
export type QuotedLead = LeadCard & { quote?: LeadQuote }

/** What the quote's state reads as, one line each, newest facts last. */
function stateLines(quote: LeadQuote): { text: string; marked?: boolean }[] {
  const acceptance = quote.acceptance
  if (acceptance) {
    const options = acceptance.items.filter((item) => item.optional).map((item) => item.description)
    return [
      { text: T.accepted(acceptance.name, acceptance.at, acceptance.totalCents), marked: true },
      ...(options.length > 0 ? [{ text: T.acceptedOptions(options) }] : []),
    ]
  }
  return [
    { text: T.sent(quote.version, quote.sentAt) },
    { text: quote.firstViewedAt ? T.viewed(quote.firstViewedAt) : T.notViewed },
    ...(quote.change ? [{ text: T.changes(quote.change.message), marked: true }] : []),
    ...(quote.withdrawn
      ? [{ text: T.withdrawn, marked: true }]
      : quote.expired
        ? [{ text: T.expired, marked: true }]
        : []),
  ]
}

export function OwnerLeadQuote({ lead }: { lead: QuotedLead }) {
  const leads = useLeadsCache()
  const quote = lead.quote
  // Withdraw and the job's writes are never on screen together: one write, its message, then the list read again.
  const write = useOwnerWrite((call: () => Promise<unknown>) => call(), { after: () => leads.readAgain() })
  return (
    <div className="mt-3 grid gap-2 border-t border-slate-200 pt-3">
      {quote && (
        <ul className="grid gap-1 text-sm">
          {stateLines(quote).map((line) => (
            <li key={line.text}>{line.marked ? <strong className={ownerMarkClass}>{line.text}</strong> : line.text}</li>
          ))}
        </ul>
      )}
      {!quote?.acceptance && (
        <div className="flex flex-wrap gap-2">
          <Link to="/owner" search={{ view: 'quote', lead: lead.id }} className={`${ownerOutlineClass} flex-1`}>
            {quote ? T.edit : T.write}
          </Link>
          {quote && !quote.withdrawn && (
            <button
              type="button"
              className={`${ownerOutlineClass} flex-1`}
              disabled={write.isPending}
              onClick={() => write.mutate(() => withdrawOwnerQuote({ data: { lead: lead.id } }))}
            >
              {T.withdraw}
            </button>
          )}
        </div>
      )}
      {quote?.acceptance && <JobControls lead={lead} quote={quote} write={write} />}
      <WriteStatus>{write.message}</WriteStatus>
    </div>
  )
}

function JobControls({ lead, quote, write }: { lead: QuotedLead; quote: LeadQuote; write: CardWrite }) {
  const id = useId()
  const job = quote.job && !quote.job.cancelled ? quote.job : null
  const hydrated = useHydrated()
  const busy = !hydrated || write.isPending
  const times = [
    ['start', T.from, job?.start ?? '08:00'],
    ['end', T.until, job?.end ?? '10:00'],
  ] as const
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const fields = new FormData(event.currentTarget)
    const value = (name: string) => String(fields.get(name) ?? '')
    const data = { lead: lead.id, day: value('day'), start: value('start'), end: value('end') }
    write.mutate(() => scheduleOwnerJob({ data }))
  }
  return (
    <>
      <p className="text-sm font-semibold">
        {job ? T.job(job.day, job.start, job.end) : quote.job ? T.jobCancelled : null}
      </p>
      {/* The scripts send it: a job's e-mail goes to the customer only from a deliberate tap. */}
      <form
        method="post"
        onSubmit={submit}
        className="grid grid-cols-2 gap-2"
        aria-label={job ? T.reschedule : T.schedule}
      >
        <OwnerField
          label={T.day}
          labelClassName="col-span-2 font-semibold"
          id={`${id}-day`}
          name="day"
          type="date"
          required
          min={pacificToday()}
          defaultValue={job?.day}
          className={`${input} col-span-2`}
        />
        {times.map(([name, label]) => (
          <label key={name} htmlFor={`${id}-${name}`} className="font-semibold">
            {label}
          </label>
        ))}
        {times.map(([name, , time]) => (
          <input
            key={name}
            id={`${id}-${name}`}
            name={name}
            type="time"
            required
            min={site.hours.opens}
            max={site.hours.closes}
            defaultValue={time}
            className={input}
          />
        ))}
        <button type="submit" disabled={busy} className={`${ownerButtonClass} col-span-2`}>
          {job ? T.reschedule : T.schedule}
        </button>
      </form>
      {job && (
        <button
          type="button"
          disabled={busy}
          onClick={() => write.mutate(() => cancelOwnerJob({ data: { lead: lead.id } }))}
          className={ownerOutlineClass}
        >
          {T.cancelJob}
        </button>
      )}
    </>
  )
}
