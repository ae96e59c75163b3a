import { use, useLayoutEffect } from 'react'
import { useLoaderData, useMatches } from '@tanstack/react-router'
import { keepFirstAnswer, type Answer, type BackendRead } from '~/lib/kept-answers'

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
  useKeepFirstAnswer('reviews', brought)
}

/** In the commit, not during render, and before any tap is handled: the next page asks no second time. */
export function useKeepFirstAnswer<K extends BackendRead>(key: K, answer: Answer<K> | undefined) {
  useLayoutEffect(() => {
    if (answer) keepFirstAnswer(key, answer)
  }, [key, answer])
}
