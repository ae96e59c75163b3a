// The Due again view's "Delete" of a customer, as the inbox deletes a lead: a dialog asks first
// (confirm-dialog.tsx), then the view is read again without them.
import { useHydrated, useRouter } from '@tanstack/react-router'
import { useRef, useState } from 'react'
import { ConfirmDialog } from '~/components/owner/confirm-dialog'
import { errorText } from '~/components/owner/owner-field'
import { deleteOwnerCustomer } from './come-back.functions'
import { DELETE_CUSTOMER_TEXTS as T, DUE_AGAIN_HEADING_ID } from './due-again'

const deleteClass =
  'inline-flex min-h-11 items-center justify-center rounded-lg border border-red-800 px-4 font-semibold text-red-800 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-red-900 disabled:opacity-60'

export function PastCustomerDelete({ customerId, name }: { customerId: string; name: string }) {
  const dialog = useRef<HTMLDialogElement>(null)
  const router = useRouter()
  const hydrated = useHydrated()
  const [pending, setPending] = useState(false)
  const [message, setMessage] = useState('')

  async function remove() {
    setPending(true)
    try {
      await deleteOwnerCustomer({ data: { customer: customerId } })
      dialog.current?.close()
      await router.invalidate()
      // The row and its button go: focus moves to the list's heading rather than being lost.
      document.getElementById(DUE_AGAIN_HEADING_ID)?.focus()
    } catch (error) {
      setMessage(errorText(error))
    } finally {
      setPending(false)
    }
  }

  return (
    <>
      {/* Waits for the scripts: deleting needs the server function. */}
      <button
        type="button"
        disabled={!hydrated}
        onClick={() => {
          setMessage('')
          dialog.current?.showModal()
        }}
        className={deleteClass}
      >
        {T.open}
      </button>
      <ConfirmDialog
        dialog={dialog}
        texts={{ ...T, question: T.question(name) }}
        pending={pending}
        onConfirm={() => void remove()}
        message={message}
      />
    </>
  )
}
