// The inbox's "Delete this request": a dialog asks first (confirm-dialog.tsx). The lead leaves the cached list
// once the server has deleted it.
import { useQueryClient } from '@tanstack/react-query'
import { useRef } from 'react'
import { deleteOwnerLead } from '~/features/owner/owner.functions'
import { DELETE_TEXTS, type InboxLead } from '~/features/owner/owner-lead'
import { ownerLeadsKey } from '~/components/owner/leads-cache'
import { useOwnerWrite } from '~/components/owner/owner-write'
import { ConfirmDialog } from '~/components/owner/confirm-dialog'

export function OwnerLeadDelete({ lead }: { lead: InboxLead }) {
  const dialog = useRef<HTMLDialogElement>(null)
  const queryClient = useQueryClient()

  const remove = useOwnerWrite(() => deleteOwnerLead({ data: { id: lead.id } }), {
    after: () => {
      dialog.current?.close()
      // The card and its button go: focus moves to the inbox's heading rather than being lost.
      const heading = document.querySelector<HTMLElement>('main h1')
      heading?.setAttribute('tabindex', '-1')
      heading?.focus()
      queryClient.setQueryData<InboxLead[]>(ownerLeadsKey, (leads) => leads?.filter((each) => each.id !== lead.id))
    },
  })

  return (
    <div className="mt-3">
      <ConfirmDialog
        dialog={dialog}
        texts={{ ...DELETE_TEXTS, question: DELETE_TEXTS.question(lead.firstName) }}
        openerLayout="w-full px-4"
        pending={remove.isPending}
        onConfirm={() => remove.mutate()}
        message={remove.message}
        clearMessage={() => remove.setMessage('')}
      />
    </div>
  )
}
