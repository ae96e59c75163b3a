import { use } from 'react'
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { reviewsQuery } from '~/lib/backend.functions'

const SETTLED = Object.assign(Promise.resolve(), { status: 'fulfilled' as const, value: undefined })
const settledByQuery = new WeakMap<object, Promise<void>>()

// Never rejects: useSuspenseQuery would throw during SSR and render a failure on the client.
// One promise per query instance keeps `use()` stable.
function reviewsSettled(queryClient: QueryClient): Promise<void> {
  const cache = queryClient.getQueryCache()
  const existing = cache.find({ queryKey: reviewsQuery.queryKey, exact: true })
  if (existing && existing.state.status !== 'pending') return SETTLED
  const loading = queryClient.ensureQueryData(reviewsQuery).then(
    () => undefined,
    () => undefined,
  )
  const query = existing ?? cache.find({ queryKey: reviewsQuery.queryKey, exact: true })
  if (!query) return loading
  const settled = settledByQuery.get(query) ?? loading
  settledByQuery.set(query, settled)
  return settled
}

export function useSettledReviews() {
  use(reviewsSettled(useQueryClient()))
  // A retry would only repeat the server's failed call.
  return useQuery({ ...reviewsQuery, retryOnMount: false })
}
