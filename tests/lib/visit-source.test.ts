import { afterEach, describe, expect, it, vi } from 'vitest'
import { VISIT_SOURCE_KEY } from '~/features/leads/lead-source-constants'
import { visitSourceText } from '~/features/leads/visit-source'
import { recordVisitSource } from '~/features/leads/visit-source-record'

/** A tab opened at `address`, linked from `referrer`, whose first page notes the visit in its sessionStorage. */
function openTab(address: string, referrer = '', storage: Storage = memoryStorage()) {
  vi.stubGlobal('sessionStorage', storage)
  recordVisitSource(address, referrer)
  return storage
}

function memoryStorage(): Storage {
  const items = new Map<string, string>()
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  } as Storage
}

const recorded = () => JSON.parse(visitSourceText()) as unknown

afterEach(() => vi.unstubAllGlobals())

describe("a visit's source, noted by its first page", () => {
  it('keeps the campaign tags and click ids of the address, the landing path and nothing else', () => {
    openTab('https://deltabreeze.example/?utm_source=google&utm_medium=cpc&gclid=TeSt123&cities=all&ref=x')
    expect(recorded()).toEqual({
      tags: { utm_source: 'google', utm_medium: 'cpc', gclid: 'TeSt123' },
      landingPath: '/',
    })
  })

  it('is never replaced later in the visit', () => {
    const storage = openTab('https://deltabreeze.example/services?utm_source=flyer')
    const first = visitSourceText()
    openTab('https://deltabreeze.example/contact?gclid=later', 'https://www.example.org/', storage)
    expect(visitSourceText()).toBe(first)
    expect(storage.getItem(VISIT_SOURCE_KEY)).toBe(first)
  })

  it("keeps another site's host only, never its path or query, and never our own", () => {
    openTab('https://deltabreeze.example/contact', 'https://www.example.org/some/path?x=1')
    expect(recorded()).toEqual({ tags: {}, landingPath: '/contact', referrerHost: 'www.example.org' })
    for (const own of ['https://deltabreeze.example/', 'https://www.deltabreeze.example/gallery', 'not an address']) {
      openTab('https://deltabreeze.example/', own)
      expect(recorded(), own).toEqual({ tags: {}, landingPath: '/' })
    }
  })

  it('cuts a long tag, and leaves out a click id too long to be one', () => {
    openTab(`https://deltabreeze.example/?utm_campaign=${'x'.repeat(10_240)}&gclid=${'g'.repeat(300)}`)
    expect(recorded()).toEqual({ tags: { utm_campaign: 'x'.repeat(200) }, landingPath: '/' })
  })

  it('gives nothing, and throws nothing, where storage is refused', () => {
    const refusing = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError')
      },
    } as unknown as Storage
    openTab('https://deltabreeze.example/?gclid=x', '', refusing)
    expect(visitSourceText()).toBe('')
  })
})
