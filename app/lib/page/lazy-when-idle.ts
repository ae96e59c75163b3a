import { useHydrated } from '@tanstack/react-router'
import { createElement, lazy, use, type ComponentType } from 'react'

interface IdleOptions {
  timeout?: number
  fallbackDelay?: number
}

export function onIdle(callback: () => void, { timeout = 2_000, fallbackDelay = 200 }: IdleOptions = {}): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(() => callback(), { timeout })
    return () => window.cancelIdleCallback(handle)
  }
  const handle = window.setTimeout(callback, fallbackDelay)
  return () => window.clearTimeout(handle)
}

/** docs/decisions/014-decoration-after-load.md */
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

export function whenIdle(): Promise<void> {
  return new Promise((resolve) => onIdle(resolve))
}

export function whenPageSettled(): Promise<void> {
  return new Promise((resolve) => onPageSettled(resolve))
}

const chunkLoadFailure =
  /^(Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed)/

function isChunkLoadFailure(error: unknown): error is Error {
  return error instanceof Error && chunkLoadFailure.test(error.message)
}

const CHUNK_RETRY_DELAYS_MS = [1_000, 3_000]

/** Other errors are not retried. */
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

const neverSettles = new Promise<never>(() => {})

/** Each lazyWhenIdle component's load, started at once; every one whose module has run. */
const loadsNow = new Set<() => Promise<void>>()

/** Past it, the page renders without the code, as it would have without waiting. */
export const IDLE_CODE_WAIT_MS = 2_000

/** beforeLoad of a page with lazyWhenIdle sections: a move to it, once hydrated, renders with them (decision 012). */
export function waitForIdleCode({ preload }: { preload: boolean }): Promise<void> | undefined {
  if (preload || typeof document === 'undefined' || document.documentElement.dataset.hydrated !== 'true') return
  const loaded = Promise.all([...loadsNow].map((loadNow) => loadNow()))
  return Promise.race([loaded, new Promise((resolve) => setTimeout(resolve, IDLE_CODE_WAIT_MS))]).then(() => {})
}

/** docs/decisions/015-chunk-failure.md */
export function lazyWhenIdle<Props extends object>(load: () => Promise<ComponentType<Props>>): ComponentType<Props> {
  let component: ComponentType<Props> | undefined
  let failure: unknown
  let loading: Promise<void> | undefined
  const settle = (loaded: Promise<ComponentType<Props>>) =>
    loaded.then(
      (value) => {
        component = value
      },
      (error: unknown) => {
        failure = error
        console.error(error)
      },
    )
  const start = () =>
    (loading ??= settle(typeof window === 'undefined' ? load() : whenIdle().then(() => loadChunk(load))))
  loadsNow.add(() => (component || failure !== undefined ? Promise.resolve() : (loading = settle(loadChunk(load)))))

  return function LazyWhenIdle(props: Props) {
    const hydrating = !useHydrated()
    if (component === undefined && failure === undefined) use(start())
    if (component) return createElement(component, props)
    if (!isChunkLoadFailure(failure)) throw failure
    if (hydrating || reloadOnceFor(failure)) use(neverSettles)
    throw failure
  }
}

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
