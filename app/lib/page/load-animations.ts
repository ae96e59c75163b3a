import type * as animations from './animations'
import { whenPageSettled } from './lazy-when-idle'
import { prefersReducedMotion } from './scroll'

export type Animations = typeof animations

let loading: Promise<Animations | undefined> | undefined

/**
 * motion's chunk, fetched once the page has settled (decision 040). Undefined with reduced motion or when the
 * chunk fails to load: callers then leave everything in its final state, so nothing waits on it to be seen.
 */
export function animationsWhenSettled(): Promise<Animations | undefined> {
  if (prefersReducedMotion()) return Promise.resolve(undefined)
  loading ??= whenPageSettled()
    .then(() => import('./animations'))
    .catch((error: unknown) => {
      console.error(error)
      return undefined
    })
  return loading
}
