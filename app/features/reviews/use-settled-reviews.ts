import { use } from 'react'
import { useLoaderData } from '@tanstack/react-router'

/** Suspends until the loader's read settles; null when it failed. */
export function useSettledReviews(page: '/' | '/reviews') {
  return use(useLoaderData({ from: page, select: (data) => data.reviews }))
}
