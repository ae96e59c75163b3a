// "Delete … for good?": a native <dialog>, so Escape, the keyboard and a phone's back gesture all keep the thing.
import { useId, type RefObject } from 'react'
import { ownerButtonClass } from './owner-shell'

const confirmClass =
  'inline-flex min-h-11 w-full items-center justify-center rounded-lg border border-red-800 bg-red-800 px-4 font-semibold text-white focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-red-900 disabled:opacity-60'

interface ConfirmDialogProps {
  dialog: RefObject<HTMLDialogElement | null>
  texts: { question: string; explain: string; keep: string; confirm: string }
  pending: boolean
  onConfirm: () => void
  message: string
}

export function ConfirmDialog({ dialog, texts, pending, onConfirm, message }: ConfirmDialogProps) {
  const id = useId()
  return (
    <dialog
      ref={dialog}
      aria-labelledby={`${id}-question`}
      aria-describedby={`${id}-explain`}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-xl p-5 shadow-xl backdrop:bg-slate-950/60"
    >
      <h3 id={`${id}-question`} className="text-lg font-bold">
        {texts.question}
      </h3>
      <p id={`${id}-explain`} className="mt-2 text-slate-700">
        {texts.explain}
      </p>
      <div className="mt-4 grid gap-2">
        {/* The safe choice has the focus when the dialog opens. */}
        <form method="dialog">
          <button autoFocus className={`${ownerButtonClass} w-full`}>
            {texts.keep}
          </button>
        </form>
        <button type="button" disabled={pending} onClick={onConfirm} className={confirmClass}>
          {texts.confirm}
        </button>
      </div>
      <p role="status" className="mt-2 empty:hidden">
        {message}
      </p>
    </dialog>
  )
}
