import { use } from 'react'
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { reviewsQuery } from '~/lib/backend.functions'

const SETTLED = Object.assign(Promise.resolve(), { status: 'fulfilled' as const, value: undefined })
const settledByQuery = new WeakMap<object, Promise<void>>()

/**
 * Resolves (never rejects) once the query settles: useSuspenseQuery would throw during SSR and turn a failure
 * into a client-rendered boundary. One promise per query instance keeps `use()` stable.
 */
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

/** Suspends until the reviews arrive or fail, so streamed SSR sends them in the same response. */
export function useSettledReviews() {
  use(reviewsSettled(useQueryClient()))
  // No retry on mount: after a failure the browser would only repeat the server's failed call.
  return useQuery({ ...reviewsQuery, retryOnMount: false })
}
