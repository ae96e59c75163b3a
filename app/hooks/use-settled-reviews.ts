import { use } from 'react'
import { useLoaderData, useMatches } from '@tanstack/react-router'
import { keepFirstAnswer } from '~/lib/kept-answers'
import type { Review } from '~/lib/backend-reads'

/** Suspends until the page loader's read settles; null when it failed. */
export function useSettledReviews(page: '/' | '/reviews') {
  const reviews = useLoaderData({ from: page, select: (data) => data.reviews })
  return use(keepFirstAnswer('reviews', reviews))
}

/** A link followed before the sections hydrate must find the reviews kept. */
export function useKeepBroughtReviews() {
  const brought = useMatches({
    select: (matches) =>
      matches
        .map((match) => (match.loaderData as { reviews?: Promise<Review[] | null> } | undefined)?.reviews)
        .find(Boolean),
  })
  if (brought) keepFirstAnswer('reviews', brought)
}
