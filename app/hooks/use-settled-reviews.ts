import { use } from 'react'
import { useLoaderData } from '@tanstack/react-router'
import { keepFirstAnswer } from '~/lib/backend-reads'

/** Suspends until the page loader's read settles; null when it failed. */
export function useSettledReviews(page: '/' | '/reviews') {
  const reviews = useLoaderData({ from: page, select: (data) => data.reviews })
  return use(keepFirstAnswer('reviews', reviews))
}
