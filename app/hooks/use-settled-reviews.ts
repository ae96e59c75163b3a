import { use } from 'react'
import { useLoaderData, useMatches } from '@tanstack/react-router'
import { keepFirstAnswer } from '~/lib/kept-answers'

/** Suspends until the loader's read settles; null when it failed. */
export function useSettledReviews(page: '/' | '/reviews') {
  return use(useLoaderData({ from: page, select: (data) => data.reviews }))
}

/** A link followed before the reviews' section hydrates must find them kept. */
export function useKeepBroughtReviews() {
  const brought = useMatches({
    select: (matches) => {
      for (const match of matches)
        if (match.routeId === '/' || match.routeId === '/reviews') return match.loaderData?.reviews
    },
  })
  if (brought) keepFirstAnswer('reviews', brought)
}
