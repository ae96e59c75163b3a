import { useRouter } from '@tanstack/react-router'
import { useId, useState, type FormEvent } from 'react'
import { sendReviewRequest, updateOwnerLead } from '~/lib/owner.functions'
import {
  OWNER_NOTE_MAX,
  OWNER_STATUSES,
  REVIEW_TEXTS,
  dialable,
  pushTitle,
  type InboxLead,
  type OwnerStatus,
} from '~/lib/owner-lead'
import { ownerButtonClass } from './owner-sign-in'

const link =
  'inline-flex min-h-11 flex-1 items-center justify-center rounded-lg border border-brand-700 px-3 font-semibold text-brand-800 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-900'

const time = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/Los_Angeles',
  dateStyle: 'medium',
  timeStyle: 'short',
})

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : 'Something went wrong'
}

export function OwnerLeadCard({ lead, reviewLinkSet }: { lead: InboxLead; reviewLinkSet: boolean }) {
  const router = useRouter()
  const id = useId()
  const [status, setStatus] = useState(lead.status)
  const [note, setNote] = useState(lead.note)
  const [message, setMessage] = useState('')
  const [busy, setBusy] = useState(false)

  async function save(event: FormEvent) {
    event.preventDefault()
    setBusy(true)
    try {
      await updateOwnerLead({ data: { id: lead.id, status: status as OwnerStatus, note } })
      setMessage('Saved.')
      await router.invalidate()
    } catch (error) {
      setMessage(errorText(error))
    } finally {
      setBusy(false)
    }
  }

  async function askForReview() {
    setBusy(true)
    try {
      await sendReviewRequest({ data: { id: lead.id } })
      await router.invalidate()
      setMessage('')
    } catch (error) {
      setMessage(errorText(error))
    } finally {
      setBusy(false)
    }
  }

  return (
    <article aria-labelledby={`${id}-name`} className="rounded-xl border border-slate-300 p-4 shadow-sm">
      <h2 id={`${id}-name`} className="text-lg font-bold">
        {lead.firstName}
      </h2>
      <p className="text-slate-700">
        {pushTitle(lead.sourcePage)} · <time dateTime={lead.createdAt}>{time.format(new Date(lead.createdAt))}</time>
      </p>
      {lead.sourcePage && <p className="mt-1 break-all text-sm text-slate-700">Sent from {lead.sourcePage}</p>}
      <div className="mt-3 flex gap-2">
        <a className={link} href={`tel:${dialable(lead.phone)}`}>
          Call
        </a>
        <a className={link} href={`sms:${dialable(lead.phone)}`}>
          Text
        </a>
        <a className={link} href={`mailto:${encodeURIComponent(lead.email).replace(/%40/g, '@')}`}>
          E-mail
        </a>
      </div>
      <p className="mt-2 text-sm break-all text-slate-700">
        {lead.phone} · {lead.email}
      </p>
      <form onSubmit={(event) => void save(event)} className="mt-3 grid gap-2">
        <label htmlFor={`${id}-status`} className="font-semibold">
          Status
        </label>
        <select
          id={`${id}-status`}
          value={status}
          onChange={(event) => setStatus(event.target.value)}
          className="min-h-11 rounded-lg border border-slate-500 px-2 focus-visible:outline-3 focus-visible:outline-brand-700"
        >
          {OWNER_STATUSES.map((value) => (
            <option key={value} value={value}>
              {value[0]!.toUpperCase() + value.slice(1)}
            </option>
          ))}
        </select>
        <label htmlFor={`${id}-note`} className="font-semibold">
          Note
        </label>
        <textarea
          id={`${id}-note`}
          value={note}
          maxLength={OWNER_NOTE_MAX}
          rows={2}
          onChange={(event) => setNote(event.target.value)}
          className="rounded-lg border border-slate-500 p-2 focus-visible:outline-3 focus-visible:outline-brand-700"
        />
        <button type="submit" disabled={busy} className={ownerButtonClass}>
          Save
        </button>
      </form>
      {lead.status === 'won' && (
        <div className="mt-3">
          {lead.reviewRequest === 'sent' ? (
            <p>{REVIEW_TEXTS.sent}</p>
          ) : lead.reviewRequest === 'queued' ? (
            <p>{REVIEW_TEXTS.queued}</p>
          ) : reviewLinkSet ? (
            <button type="button" disabled={busy} onClick={() => void askForReview()} className={ownerButtonClass}>
              {REVIEW_TEXTS.offer}
            </button>
          ) : (
            <p>{REVIEW_TEXTS.unset}</p>
          )}
        </div>
      )}
      <p role="status" className="mt-2 empty:hidden">
        {message}
      </p>
    </article>
  )
}
