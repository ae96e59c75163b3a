// The Due again view's "Delete" of a customer, as the inbox deletes a lead: a dialog asks first
// (confirm-dialog.tsx), then the view is read again without them.
import { useRef } from 'react'
import { ConfirmDialog } from '~/components/owner/confirm-dialog'
import { useViewWrite } from '~/components/owner/view-write'
import { deleteOwnerCustomer } from './come-back.functions'
import { DELETE_CUSTOMER_TEXTS as T, DUE_AGAIN_HEADING_ID } from './due-again'

export function PastCustomerDelete({
  customerId,
  name,
  headingId = DUE_AGAIN_HEADING_ID,
}: {
  customerId: string
  name: string
  /** Where focus goes once the row has gone: its list's heading. */
  headingId?: string
}) {
  const dialog = useRef<HTMLDialogElement>(null)
  const { status: message, setStatus: setMessage, busy: pending, write } = useViewWrite()

  async function remove() {
    const call = () => deleteOwnerCustomer({ data: { customer: customerId } }).then(() => dialog.current?.close())
    // The row and its button go: focus moves to the list's heading rather than being lost.
    if (await write(call, '')) document.getElementById(headingId)?.focus()
  }

  return (
    <ConfirmDialog
      dialog={dialog}
      texts={{ ...T, question: T.question(name) }}
      pending={pending}
      onConfirm={() => void remove()}
      message={message}
      clearMessage={() => setMessage('')}
    />
  )
}
