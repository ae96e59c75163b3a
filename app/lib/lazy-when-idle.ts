import { lazy, type ComponentType } from 'react'

interface IdleOptions {
  /** The latest the callback may wait for, in ms. */
  timeout?: number
  /** Where the browser has no requestIdleCallback (Safari), how long to wait instead, in ms. */
  fallbackDelay?: number
}

/** Calls `callback` when the browser is next idle; returns a function that cancels it. Browser only. */
export function onIdle(callback: () => void, { timeout = 2_000, fallbackDelay = 200 }: IdleOptions = {}): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(() => callback(), { timeout })
    return () => window.cancelIdleCallback(handle)
  }
  const handle = window.setTimeout(callback, fallbackDelay)
  return () => window.clearTimeout(handle)
}

/**
 * Calls `callback` once the page has loaded (its load event) and the browser is then idle; returns a function
 * that cancels it. Browser only. Decoration that runs for as long as the page is open, and anything from another
 * host, waits for this, so it does not compete with loading.
 */
export function onPageSettled(callback: () => void, options?: IdleOptions): () => void {
  let cancelIdle = () => {}
  const schedule = () => {
    cancelIdle = onIdle(callback, options)
  }
  if (document.readyState === 'complete') schedule()
  else window.addEventListener('load', schedule, { once: true })
  return () => {
    window.removeEventListener('load', schedule)
    cancelIdle()
  }
}

/** Resolves when the browser is idle (at most 2 s from now). Browser only. */
export function whenIdle(): Promise<void> {
  return new Promise((resolve) => onIdle(resolve))
}

/** Resolves once the page has loaded and the browser is then idle (see onPageSettled). Browser only. */
export function whenPageSettled(): Promise<void> {
  return new Promise((resolve) => onPageSettled(resolve))
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
