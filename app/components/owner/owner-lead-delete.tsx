// The inbox's "Delete this request": a native <dialog> asks first, so Escape, the keyboard and a phone's back
// gesture all keep the lead. The lead leaves the cached list once the server has deleted it.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useEffect, useId, useRef, useState } from 'react'
import { deleteOwnerLead } from '~/lib/owner.functions'
import { DELETE_TEXTS, type InboxLead } from '~/lib/owner-lead'
import { ownerLeadsKey } from './owner-leads'
import { ownerButtonClass } from './owner-sign-in'

const shape =
  'inline-flex min-h-11 w-full items-center justify-center rounded-lg border border-red-800 px-4 font-semibold focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-red-900 disabled:opacity-60'

export function OwnerLeadDelete({ lead }: { lead: InboxLead }) {
  const id = useId()
  const dialog = useRef<HTMLDialogElement>(null)
  const queryClient = useQueryClient()
  const [hydrated, setHydrated] = useState(false)
  const [message, setMessage] = useState('')
  useEffect(() => setHydrated(true), [])

  const remove = useMutation({
    mutationFn: () => deleteOwnerLead({ data: { id: lead.id } }),
    onSuccess: () => {
      dialog.current?.close()
      // The card and its button go: focus moves to the inbox's heading rather than being lost.
      const heading = document.querySelector<HTMLElement>('main h1')
      heading?.setAttribute('tabindex', '-1')
      heading?.focus()
      queryClient.setQueryData<InboxLead[]>(ownerLeadsKey, (leads) => leads?.filter((each) => each.id !== lead.id))
    },
    onError: (error) => setMessage(error instanceof Error ? error.message : 'Something went wrong'),
  })

  return (
    <div className="mt-3">
      {/* Waits for the scripts: deleting needs the server function. */}
      <button
        type="button"
        disabled={!hydrated}
        onClick={() => {
          setMessage('')
          dialog.current?.showModal()
        }}
        className={`${shape} text-red-800`}
      >
        {DELETE_TEXTS.open}
      </button>
      <dialog
        ref={dialog}
        aria-labelledby={`${id}-question`}
        aria-describedby={`${id}-explain`}
        className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-xl p-5 shadow-xl backdrop:bg-slate-950/60"
      >
        <h3 id={`${id}-question`} className="text-lg font-bold">
          {DELETE_TEXTS.question(lead.firstName)}
        </h3>
        <p id={`${id}-explain`} className="mt-2 text-slate-700">
          {DELETE_TEXTS.explain}
        </p>
        <div className="mt-4 grid gap-2">
          {/* The safe choice has the focus when the dialog opens. */}
          <form method="dialog">
            <button autoFocus className={`${ownerButtonClass} w-full`}>
              {DELETE_TEXTS.keep}
            </button>
          </form>
          <button
            type="button"
            disabled={remove.isPending}
            onClick={() => remove.mutate()}
            className={`${shape} bg-red-800 text-white`}
          >
            {DELETE_TEXTS.confirm}
          </button>
        </div>
        <p role="status" className="mt-2 empty:hidden">
          {message}
        </p>
      </dialog>
    </div>
  )
}
