// The inbox's leads as the page holds them, for any feature's owner view that changes one of them.
import { useQueryClient } from '@tanstack/react-query'

export const ownerLeadsKey = ['owner', 'leads'] as const

/**
 * Puts a saved lead into the cached list, or reads the list again. Typed by the view's own part of a lead: the
 * cache holds the inbox's whole cards, and a change keeps the rest of one.
 */
export function useLeadsCache<Lead extends { id: string }>() {
  const queryClient = useQueryClient()
  return {
    replace: (id: string, change: (lead: Lead) => Lead) =>
      queryClient.setQueryData<Lead[]>(ownerLeadsKey, (leads) =>
        leads?.map((lead) => (lead.id === id ? change(lead) : lead)),
      ),
    readAgain: () => queryClient.invalidateQueries({ queryKey: ownerLeadsKey }),
  }
}
