import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { onIdle, onPageSettled, whenPageSettled } from '../../app/lib/page/lazy-when-idle'

// Vitest runs in Node, which has no window: each test gives the helpers a small stand-in for the browser's
// load event and idle callbacks. The real browser path is covered in e2e (the home underline and reviews strip).
function fakeBrowser({ readyState = 'loading', idleCallbacks = true } = {}) {
  const loadListeners = new Set<() => void>()
  const idle = new Map<number, () => void>()
  let nextHandle = 1
  const window = {
    setTimeout: globalThis.setTimeout,
    clearTimeout: globalThis.clearTimeout,
    addEventListener: (type: string, listener: () => void) => type === 'load' && loadListeners.add(listener),
    removeEventListener: (type: string, listener: () => void) => type === 'load' && loadListeners.delete(listener),
    ...(idleCallbacks
      ? {
          requestIdleCallback: (callback: () => void) => {
            idle.set(nextHandle, callback)
            return nextHandle++
          },
          cancelIdleCallback: (handle: number) => idle.delete(handle),
        }
      : {}),
  }
  const document = { readyState }
  vi.stubGlobal('window', window)
  vi.stubGlobal('document', document)
  return {
    load() {
      document.readyState = 'complete'
      for (const listener of [...loadListeners]) listener()
      loadListeners.clear()
    },
    goIdle() {
      const due = [...idle.values()]
      idle.clear()
      for (const callback of due) callback()
    },
    loadListeners,
    idle,
  }
}

describe('idle helpers', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })

  it('onPageSettled waits for the load event and then for the browser to be idle', () => {
    const browser = fakeBrowser()
    const callback = vi.fn()
    onPageSettled(callback)
    browser.goIdle()
    expect(callback).not.toHaveBeenCalled()
    browser.load()
    expect(callback).not.toHaveBeenCalled()
    browser.goIdle()
    expect(callback).toHaveBeenCalledOnce()
  })

  it('onPageSettled on a page that has already loaded only waits for idle', () => {
    const browser = fakeBrowser({ readyState: 'complete' })
    const callback = vi.fn()
    onPageSettled(callback)
    expect(browser.idle.size).toBe(1)
    browser.goIdle()
    expect(callback).toHaveBeenCalledOnce()
  })

  it('cancelling before the load event or before idle means the callback never runs and nothing is left behind', () => {
    const browser = fakeBrowser()
    const beforeLoad = vi.fn()
    onPageSettled(beforeLoad)()
    expect(browser.loadListeners.size).toBe(0)

    const beforeIdle = vi.fn()
    const cancel = onPageSettled(beforeIdle)
    browser.load()
    cancel()
    expect(browser.idle.size).toBe(0)
    browser.goIdle()
    expect(beforeLoad).not.toHaveBeenCalled()
    expect(beforeIdle).not.toHaveBeenCalled()
  })

  it('without requestIdleCallback (Safari) onIdle waits the fallback delay instead, and can be cancelled', () => {
    fakeBrowser({ idleCallbacks: false })
    const callback = vi.fn()
    onIdle(callback, { fallbackDelay: 1_000 })
    vi.advanceTimersByTime(999)
    expect(callback).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(callback).toHaveBeenCalledOnce()

    const cancelled = vi.fn()
    onIdle(cancelled)()
    vi.advanceTimersByTime(10_000)
    expect(cancelled).not.toHaveBeenCalled()
  })

  it('whenPageSettled resolves once the page has loaded and gone idle', async () => {
    const browser = fakeBrowser()
    let settled = false
    const promise = whenPageSettled().then(() => (settled = true))
    browser.load()
    await Promise.resolve()
    expect(settled).toBe(false)
    browser.goIdle()
    await promise
    expect(settled).toBe(true)
  })
})
