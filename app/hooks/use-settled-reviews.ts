import { use } from 'react'
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { reviewsQuery } from '~/lib/backend.functions'

const SETTLED = Object.assign(Promise.resolve(), { status: 'fulfilled' as const, value: undefined })
const settledByQuery = new WeakMap<object, Promise<void>>()

// Never rejects: useSuspenseQuery would throw during SSR. One promise per query keeps `use()` stable.
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
  return useQuery({ ...reviewsQuery, retryOnMount: false })
}
