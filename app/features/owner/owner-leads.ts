import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { useEffect } from 'react'
import { fetchOwnerLeads } from '~/features/owner/owner.functions'
import { ownerLeadsKey } from '~/components/owner/leads-cache'
import { OWNER_LEADS_MESSAGE, type InboxLead } from '~/features/owner/owner-lead'

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
