import { lazy, type ComponentType } from 'react'

/** Resolves when the browser is idle (at most 2 s from now). Browser only. */
export function whenIdle(): Promise<void> {
  return new Promise((resolve) => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(() => resolve(), { timeout: 2_000 })
    else setTimeout(resolve, 200)
  })
}

/**
 * Resolves once the page has loaded (its load event) and the browser is then idle. Browser only.
 * Decoration that runs for as long as the page is open waits for this, so it does not compete with loading.
 */
export function whenPageSettled(): Promise<void> {
  return new Promise<void>((resolve) => {
    if (document.readyState === 'complete') resolve()
    else window.addEventListener('load', () => resolve(), { once: true })
  }).then(whenIdle)
}

/**
 * React.lazy for a section below the fold. The server renders it in full (crawlers and first paint
 * see everything); the browser keeps that markup and fetches the code only when the page is idle,
 * then hydrates it, so the section costs nothing on the first load. Wrap it in <Suspense>.
 */
export function lazyWhenIdle<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  return lazy(async () => {
    if (typeof window !== 'undefined') await whenIdle()
    return { default: await load() }
  })
}
