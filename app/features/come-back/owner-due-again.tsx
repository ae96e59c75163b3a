// The owner's "Due again" view (decision 064): the import of past jobs (a plain form the script sends for him, so
// it works without it), then who is due in the next 60 days and who is overdue, each with "Send reminder now",
// "Text" (an sms: link naming the city's truck day), "Not this year" and "Delete" (the customer, for good); then
// "Find a past customer", for anyone else.
import { useRouter } from '@tanstack/react-router'
import { useState, type FormEvent } from 'react'
import { site, smsHref } from '~/content/site'
import { errorText, ownerOutlineClass, pacificToday } from '~/components/owner/owner-field'
import { useOwnerWrite } from '~/components/owner/owner-write'
import { ownerButtonClass } from '~/components/owner/owner-shell'
import { sendOwnerReminderNow, snoozeOwnerCustomer, type CustomerSearch } from './come-back.functions'
import { longDay } from '~/features/schedule'
import { COME_BACK_TEXTS as T, DUE_AGAIN_HEADING_ID } from './due-again'
import { PastCustomerDelete } from './past-customer-delete'
import { PastCustomerFind } from './past-customer-find'
import type { DueAgainRow } from './due-again.server'
import type { ImportAnswer } from './past-jobs-import.server'
import { formatCents } from '~/lib/money'

/** "Mar 3, 2026" of a YYYY-MM-DD day. */
const day = (iso: string) =>
  new Date(`${iso}T12:00:00Z`).toLocaleDateString('en-US', { dateStyle: 'medium', timeZone: 'UTC' })

/** The "Text" message: the service, and the city's next truck day when there is one. */
function dueAgainText(row: Pick<DueAgainRow, 'name' | 'what' | 'cityName' | 'truckDay'>): string {
  const first = row.name.split(' ')[0]
  const when =
    row.truckDay && row.cityName
      ? ` Our truck is in ${row.cityName} on ${longDay(row.truckDay)}: would that day work for you?`
      : ' Would you like us to set a day?'
  return `Hi ${first}, this is ${site.name}. Your ${row.what.toLowerCase()} is due again.${when}`
}

export function OwnerDueAgain({ loaded, search }: { loaded: DueAgainRow[]; search: CustomerSearch | null }) {
  const today = pacificToday()
  return (
    <>
      <PastJobsImport />
      <h2 id={DUE_AGAIN_HEADING_ID} tabIndex={-1} className="mt-6 text-xl font-bold">
        {T.heading}
      </h2>
      <p className="mt-1">{T.intro}</p>
      {loaded.length === 0 ? (
        <p className="mt-4">{T.none}</p>
      ) : (
        <ol className="mt-4 grid gap-4" aria-label={T.heading}>
          {loaded.map((row) => (
            <li key={row.jobId}>
              <DueRow row={row} today={today} />
            </li>
          ))}
        </ol>
      )}
      <PastCustomerFind search={search ?? { find: '', found: null, refusal: null }} />
    </>
  )
}

function DueRow({ row, today }: { row: DueAgainRow; today: string }) {
  const router = useRouter()
  const act = useOwnerWrite(
    (intent: 'send' | 'snooze') =>
      intent === 'send'
        ? sendOwnerReminderNow({ data: { job: row.jobId } })
        : snoozeOwnerCustomer({ data: { customer: row.customerId } }),
    { said: (intent) => (intent === 'send' ? T.sent : T.snoozed), after: () => router.invalidate() },
  )
  return (
    <article className="rounded-lg border border-slate-300 p-4" aria-label={row.name}>
      <h3 className="text-lg font-bold">
        {row.name}
        {row.cityName && <span className="font-normal">, {row.cityName}</span>}
      </h3>
      <p>{T.lastVisit(day(row.doneOn), row.what, formatCents(row.priceCents, { whole: true }))}</p>
      <p className="font-semibold">{row.dueOn < today ? T.overdue(day(row.dueOn)) : T.dueOn(day(row.dueOn))}</p>
      {row.reminderSentOn && <p>Reminder sent {day(row.reminderSentOn)}</p>}
      {row.bookedDay && <p>{T.requestedDay(longDay(row.bookedDay))}</p>}
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="button" disabled={act.isPending} className={ownerButtonClass} onClick={() => act.mutate('send')}>
          {T.sendNow}
        </button>
        <a href={smsHref(row.phone, dueAgainText(row))} className={ownerOutlineClass}>
          {T.text}
        </a>
        <button
          type="button"
          disabled={act.isPending}
          className={ownerOutlineClass}
          onClick={() => act.mutate('snooze')}
        >
          {T.notThisYear}
        </button>
        <PastCustomerDelete customerId={row.customerId} name={row.name} />
      </div>
      <p role="status" className="mt-2 empty:hidden">
        {act.message}
      </p>
    </article>
  )
}

/** A plain multipart form to /owner/past-jobs; the script posts it itself and shows the answer here. */
function PastJobsImport() {
  const [answer, setAnswer] = useState<ImportAnswer | null>(null)
  const router = useRouter()
  async function post(body: FormData): Promise<ImportAnswer> {
    const response = await fetch('/owner/past-jobs', { method: 'POST', body })
    return response.headers.get('content-type')?.includes('json')
      ? ((await response.json()) as ImportAnswer)
      : { refused: `The import failed (${response.status}). Please try again.` }
  }
  // Always an answer, a failed request's too: it shows in the form's own status, not as the write's message.
  const importJobs = useOwnerWrite(
    (body: FormData) => post(body).catch((error: unknown) => ({ refused: errorText(error) })),
    { after: (answer) => (setAnswer(answer), router.invalidate()) },
  )
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    importJobs.mutate(new FormData(event.currentTarget))
  }
  return (
    <section className="mt-4 rounded-lg bg-slate-100 p-4" aria-labelledby="import-heading">
      <h2 id="import-heading" className="text-xl font-bold">
        {T.importHeading}
      </h2>
      <p className="mt-1" id="import-help">
        {T.importHelp}
      </p>
      <p className="mt-2 flex flex-wrap gap-x-4">
        <a href="/owner/past-jobs-template.csv" className="font-semibold text-brand-800 underline">
          {T.template}
        </a>
        <a href="/owner/past-customers.csv" className="font-semibold text-brand-800 underline">
          {T.exportCustomers}
        </a>
      </p>
      <form method="post" action="/owner/past-jobs" encType="multipart/form-data" onSubmit={submit}>
        <label htmlFor="past-jobs-file" className="mt-3 block font-semibold">
          {T.importFile}
        </label>
        <input
          id="past-jobs-file"
          name="file"
          type="file"
          accept=".csv,text/csv"
          required
          aria-describedby="import-help"
          className="mt-1 block w-full max-w-full"
        />
        <button type="submit" disabled={importJobs.isPending} className={`${ownerButtonClass} mt-3`}>
          {T.importButton}
        </button>
      </form>
      <div role="status" className="mt-3 empty:hidden">
        {answer && 'refused' in answer ? (
          <p className="font-semibold text-red-800">{answer.refused}</p>
        ) : answer ? (
          <>
            <p className="font-semibold">{T.imported(answer.added, answer.already)}</p>
            {answer.skipped.length > 0 && (
              <>
                <p>{T.skipped(answer.skipped.length)}</p>
                <ul className="list-disc pl-5">
                  {answer.skipped.map(({ line, reason }) => (
                    <li key={line}>{T.line(line, reason)}</li>
                  ))}
                </ul>
              </>
            )}
          </>
        ) : null}
      </div>
    </section>
  )
}
