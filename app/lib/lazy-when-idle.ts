import { useHydrated } from '@tanstack/react-router'
import { createElement, lazy, use, type ComponentType } from 'react'

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

/** What Chromium, Firefox and Safari say when a dynamically imported module does not arrive. */
const chunkLoadFailure =
  /^(Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed)/

function isChunkLoadFailure(error: unknown): error is Error {
  return error instanceof Error && chunkLoadFailure.test(error.message)
}

/** How long to wait before each further try at a chunk that failed to arrive. */
const CHUNK_RETRY_DELAYS_MS = [1_000, 3_000]

/**
 * Loads a code-split chunk, trying again (after 1 s, then 3 s) when it fails to arrive: a dropped mobile
 * connection, or a page from before a deploy asking for a chunk that is gone. Other errors are not retried.
 */
async function loadChunk<T>(load: () => Promise<T>): Promise<T> {
  for (const delay of CHUNK_RETRY_DELAYS_MS) {
    try {
      return await load()
    } catch (error) {
      if (!isChunkLoadFailure(error)) throw error
      await new Promise((resolve) => setTimeout(resolve, delay))
    }
  }
  return load()
}

/** Reloads the page once per chunk and tab session; false if it already has for this chunk. */
function reloadOnceFor(error: Error): boolean {
  const key = `chunk-reload:${error.message}`
  try {
    if (sessionStorage.getItem(key)) return false
    sessionStorage.setItem(key, '1')
  } catch {
    return false
  }
  window.location.reload()
  return true
}

/** Suspends for good: the Suspense boundary above keeps what it shows (the server's markup, while hydrating). */
const neverSettles = new Promise<never>(() => {})

/**
 * A below-the-fold section whose code loads when the page is idle; the server's markup shows until then.
 * A chunk that never arrives leaves that markup in place (or reloads once after a client-side
 * navigation) instead of taking the page down: docs/decisions/015-chunk-failure.md.
 */
export function lazyWhenIdle<Props extends object>(load: () => Promise<ComponentType<Props>>): ComponentType<Props> {
  let component: ComponentType<Props> | undefined
  let failure: unknown
  let loading: Promise<void> | undefined
  const start = () =>
    (loading ??= (typeof window === 'undefined' ? load() : whenIdle().then(() => loadChunk(load))).then(
      (loaded) => {
        component = loaded
      },
      (error: unknown) => {
        failure = error
        console.error(error)
      },
    ))

  return function LazyWhenIdle(props: Props) {
    const hydrating = !useHydrated()
    if (component === undefined && failure === undefined) use(start())
    if (component) return createElement(component, props)
    if (!isChunkLoadFailure(failure)) throw failure
    if (hydrating || reloadOnceFor(failure)) use(neverSettles)
    throw failure
  }
}

/**
 * React.lazy for an extra that the page works without (the chat button, the activity notifications, the hero
 * video): if its chunk never arrives, it is simply left out.
 */
export function lazyOptional<Props extends object>(load: () => Promise<{ default: ComponentType<Props> }>) {
  return lazy(async () => {
    try {
      return await loadChunk(load)
    } catch (error) {
      console.error(error)
      return { default: () => null }
    }
  })
}
