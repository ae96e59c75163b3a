// The Due again view's "Delete" of a customer, as the inbox deletes a lead: a dialog asks first
// (confirm-dialog.tsx), then the view is read again without them.
import { useRouter } from '@tanstack/react-router'
import { useRef } from 'react'
import { ConfirmDialog } from '~/components/owner/confirm-dialog'
import { useOwnerWrite } from '~/components/owner/owner-write'
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
  const router = useRouter()
  const remove = useOwnerWrite(() => deleteOwnerCustomer({ data: { customer: customerId } }), {
    after: async () => {
      dialog.current?.close()
      await router.invalidate()
      // The row and its button go: focus moves to the list's heading rather than being lost.
      document.getElementById(headingId)?.focus()
    },
  })

  return (
    <ConfirmDialog
      dialog={dialog}
      texts={{ ...T, question: T.question(name) }}
      pending={remove.isPending}
      onConfirm={() => remove.mutate()}
      message={remove.message}
      clearMessage={() => remove.setMessage('')}
    />
  )
}
