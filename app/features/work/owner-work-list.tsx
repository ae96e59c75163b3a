// The owner's posted jobs, newest first: hide, show again, or delete (a native <dialog> asks first).
import { useId, useRef } from 'react'
import { cityNames } from '~/content/service-areas'
import { ownerOutlineClass, WriteStatus } from '~/components/owner/owner-field'
import { POSTED_WORK_BASE_URL, postedWorkFile, type OwnerPostedWork } from '~/features/work/posted-work'
import { WORK_TEXTS } from '~/features/work/posted-work-form'
import { deleteWork, setWorkPublished } from '~/features/work/posted-work.functions'
import { ConfirmDialog } from '~/components/owner/confirm-dialog'
import { useOwnerWrite } from '~/components/owner/owner-write'

const day = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Los_Angeles', dateStyle: 'medium' })

export function OwnerWorkList({
  work,
  onChange,
  onDeleted,
}: {
  work: OwnerPostedWork[]
  onChange: (work: OwnerPostedWork) => void
  onDeleted: (id: string) => void
}) {
  const id = useId()
  return (
    <section aria-labelledby={`${id}-heading`} className="mt-8">
      <h2 id={`${id}-heading`} tabIndex={-1} className="text-xl font-bold">
        {WORK_TEXTS.listHeading}
      </h2>
      {work.length === 0 ? (
        <p className="mt-2">{WORK_TEXTS.listEmpty}</p>
      ) : (
        <ol className="mt-3 grid gap-3" aria-label={`${WORK_TEXTS.listHeading}, newest first`}>
          {work.map((each) => (
            <li key={each.id}>
              <PostedJob
                work={each}
                onChange={onChange}
                onDeleted={(deleted) => {
                  onDeleted(deleted)
                  // The job and its buttons go: focus moves to the list's heading rather than being lost.
                  document.getElementById(`${id}-heading`)?.focus()
                }}
              />
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}

function PostedJob({
  work,
  onChange,
  onDeleted,
}: {
  work: OwnerPostedWork
  onChange: (work: OwnerPostedWork) => void
  onDeleted: (id: string) => void
}) {
  const id = useId()
  const dialog = useRef<HTMLDialogElement>(null)
  const thumbnailWidth = work.widths[0] ?? 320
  // One write for both: while either is pending, both buttons wait; the last one's message clears as the next starts.
  const { mutate, isPending: pending, message, setMessage } = useOwnerWrite((action: () => Promise<void>) => action())
  const run = (action: () => Promise<void>) => (setMessage(''), mutate(action))

  const toggle = () =>
    run(async () => {
      const { published } = await setWorkPublished({ data: { id: work.id, published: !work.published } })
      onChange({ ...work, published })
    })
  const remove = () =>
    run(async () => {
      await deleteWork({ data: { id: work.id } })
      dialog.current?.close()
      onDeleted(work.id)
    })

  return (
    <article aria-labelledby={`${id}-title`} className="flex gap-3 rounded-xl border border-slate-300 p-3 shadow-sm">
      <img
        src={`${POSTED_WORK_BASE_URL}${postedWorkFile(work.imageHash, thumbnailWidth, 'webp')}`}
        alt={work.alt}
        width={thumbnailWidth}
        height={Math.round((thumbnailWidth * work.height) / work.width)}
        loading="lazy"
        className="h-auto w-24 shrink-0 self-start rounded-lg bg-slate-100 object-cover"
      />
      <div className="grid min-w-0 flex-1 gap-1">
        <h3 id={`${id}-title`} className="font-bold">
          {work.category}
          {work.citySlug && ` · ${cityNames[work.citySlug]}`}
        </h3>
        <p className="text-sm text-slate-700">
          <time dateTime={work.createdAt}>{day.format(new Date(work.createdAt))}</time> ·{' '}
          <strong className={work.published ? 'text-emerald-800' : 'text-amber-900'}>
            {work.published ? WORK_TEXTS.shown : WORK_TEXTS.hidden}
          </strong>
        </p>
        {work.caption && <p className="text-sm break-words">{work.caption}</p>}
        <div className="mt-1 flex flex-wrap gap-2">
          <button type="button" disabled={pending} onClick={toggle} className={ownerOutlineClass}>
            {work.published ? WORK_TEXTS.hide : WORK_TEXTS.show}
          </button>
          <ConfirmDialog
            dialog={dialog}
            texts={WORK_TEXTS.deleteJob}
            openerLayout="px-3"
            openerDisabled={pending}
            pending={pending}
            onConfirm={remove}
            message={message}
            clearMessage={() => setMessage('')}
          />
        </div>
        <WriteStatus>{message}</WriteStatus>
      </div>
    </article>
  )
}
