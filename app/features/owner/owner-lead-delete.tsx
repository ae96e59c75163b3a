// The inbox's "Delete this request": a dialog asks first (confirm-dialog.tsx). The lead leaves the cached list
// once the server has deleted it.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import { deleteOwnerLead } from '~/features/owner/owner.functions'
import { DELETE_TEXTS, type InboxLead } from '~/features/owner/owner-lead'
import { errorText } from '~/components/owner/owner-field'
import { ownerLeadsKey } from '~/components/owner/leads-cache'
import { ConfirmDialog } from '~/components/owner/confirm-dialog'

export function OwnerLeadDelete({ lead }: { lead: InboxLead }) {
  const dialog = useRef<HTMLDialogElement>(null)
  const queryClient = useQueryClient()
  const [message, setMessage] = useState('')

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
    onError: (error) => setMessage(errorText(error)),
  })

  return (
    <div className="mt-3">
      <ConfirmDialog
        dialog={dialog}
        texts={{ ...DELETE_TEXTS, question: DELETE_TEXTS.question(lead.firstName) }}
        openerLayout="w-full px-4"
        pending={remove.isPending}
        onConfirm={() => remove.mutate()}
        message={message}
        clearMessage={() => setMessage('')}
      />
    </div>
  )
}
