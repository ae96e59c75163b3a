import { QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { fetchOwnerLeads } from '~/features/owner/owner.functions'
import { errorText, OWNER_LEADS_MESSAGE, type InboxLead } from '~/features/owner/owner-lead'
import type { LeadInvoice } from '~/features/payments/invoice'

export const ownerLeadsKey = ['owner', 'leads'] as const

export function createOwnerQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: 1 } } })
}

/** The loader's leads, read again when the inbox is back in view or the service worker says so. */
export function useOwnerLeads(loaded: InboxLead[]): InboxLead[] {
  const router = useRouter()
  const queryClient = useQueryClient()
  const { data, error } = useQuery({
    queryKey: ownerLeadsKey,
    queryFn: () => fetchOwnerLeads(),
    initialData: loaded,
    refetchOnWindowFocus: 'always',
  })
  // Signed out meanwhile (401/403): the loader shows the sign-in form.
  useEffect(() => {
    if (error) void router.invalidate()
  }, [error, router])
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return
    const container = navigator.serviceWorker
    const onMessage = (event: MessageEvent) => {
      if (event.data === OWNER_LEADS_MESSAGE) void queryClient.invalidateQueries({ queryKey: ownerLeadsKey })
    }
    container.addEventListener('message', onMessage)
    container.startMessages()
    return () => container.removeEventListener('message', onMessage)
  }, [queryClient])
  return data
}

/** Puts a saved lead into the cached list, or reads the list again. */
export function useLeadsCache() {
  const queryClient = useQueryClient()
  return {
    replace: (id: string, change: (lead: InboxLead) => InboxLead) =>
      queryClient.setQueryData<InboxLead[]>(ownerLeadsKey, (leads) =>
        leads?.map((lead) => (lead.id === id ? change(lead) : lead)),
      ),
    readAgain: () => queryClient.invalidateQueries({ queryKey: ownerLeadsKey }),
  }
}

/** The card's outcome of a write: the invoice as the server now has it on the card, or why not. */
export function useInvoiceWrite<Input>(lead: InboxLead, call: (input: Input) => Promise<LeadInvoice>) {
  const leads = useLeadsCache()
  const [message, setMessage] = useState('')
  const mutation = useMutation({
    mutationFn: call,
    onSuccess: (invoice) => (setMessage(''), leads.replace(lead.id, (card) => ({ ...card, invoice }))),
    onError: (error) => setMessage(errorText(error)),
  })
  return { ...mutation, message }
}
