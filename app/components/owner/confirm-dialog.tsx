// "Delete … for good?" and the button that asks it: a native <dialog>, so Escape, the keyboard and a phone's back
// gesture all keep the thing, and closing it hands the focus back to that button.
import { useHydrated } from '@tanstack/react-router'
import { useId, type RefObject } from 'react'
import { ownerButtonClass } from './owner-shell'

const openerClass =
  'inline-flex min-h-11 items-center justify-center rounded-lg border border-red-800 font-semibold text-red-800 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-red-900 disabled:opacity-60'
const confirmClass =
  'inline-flex min-h-11 w-full items-center justify-center rounded-lg border border-red-800 bg-red-800 px-4 font-semibold text-white focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-red-900 disabled:opacity-60'

interface ConfirmDialogProps {
  dialog: RefObject<HTMLDialogElement | null>
  texts: { open: string; question: string; explain: string; keep: string; confirm: string }
  /** The opener's padding and width, to match the buttons beside it. */
  openerLayout?: string
  openerDisabled?: boolean
  pending: boolean
  onConfirm: () => void
  message: string
  clearMessage: () => void
}

export function ConfirmDialog({
  dialog,
  texts,
  openerLayout = 'px-4',
  openerDisabled = false,
  pending,
  onConfirm,
  message,
  clearMessage,
}: ConfirmDialogProps) {
  const id = useId()
  const hydrated = useHydrated()
  return (
    <>
      {/* Waits for the scripts: confirming needs the server function. */}
      <button
        type="button"
        disabled={!hydrated || openerDisabled}
        onClick={() => {
          clearMessage()
          dialog.current?.showModal()
        }}
        className={`${openerClass} ${openerLayout}`}
      >
        {texts.open}
      </button>
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
    </>
  )
}
