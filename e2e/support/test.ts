import { expect, test as base, type Locator, type Page } from '@playwright/test'
import { startStripeStandIn, type StripeStandIn } from '../../tests/support/stripe-stand-in'
import { scriptsHeld } from './hold-requests'
import { startedInTest, type SiteServer } from './site-server'

export * from '@playwright/test'

/**
 * `page.goto` and `page.reload` also wait for <html data-hydrated>, so a test never clicks markup (or fires an event)
 * without handlers, unless asked to return at `commit` (a page still streaming), or the page cannot hydrate: its
 * scripts held by the test (holdRequests with APP_SCRIPTS), or none at all (a come-back page, a plain quote page).
 * And every site server a test starts is stopped when it ends, passed or failed, as is the local stand-in of Stripe's
 * API a test asks for (`stripeStandIn`).
 */
export const test = base.extend<{ stopSiteServers: void; stripeStandIn: StripeStandIn }>({
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) {
      const hydrated = async <T>(response: T, options?: { waitUntil?: string }) => {
        if (options?.waitUntil === 'commit' || scriptsHeld.has(page)) return response
        // Every page the app renders keeps its inline scripts: only a page served as plain HTML has none.
        const ready = page.locator('html[data-hydrated="true"], html:not(:has(script))')
        await ready.waitFor({ state: 'attached', timeout: 15_000 }).catch(() => {
          throw new Error(`${page.url()} did not hydrate in 15 s`)
        })
        return response
      }
      const [goto, reload] = [page.goto.bind(page), page.reload.bind(page)]
      page.goto = async (url, options) => hydrated(await goto(url, options), options)
      page.reload = async (options) => hydrated(await reload(options), options)
    }
    await use(page)
  },
  stopSiteServers: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
    async ({}, use) => {
      const servers: SiteServer[] = (startedInTest.servers = [])
      await use()
      startedInTest.servers = undefined
      await Promise.all(servers.map((server) => server.stop()))
    },
    { auto: true },
  ],
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
  stripeStandIn: async ({}, use) => {
    const standIn = await startStripeStandIn()
    await use(standIn)
    await standIn.close()
  },
})

/** Resolves after the load and then `idles` idle periods: what the page does at idle has run, and what that queued. */
export function loadedAndIdle(page: Page, idles: number): Promise<unknown> {
  return page.evaluate(
    (idles) =>
      new Promise((settled) => {
        const idle = (left: number) => requestIdleCallback(() => (left > 1 ? idle(left - 1) : settled(undefined)))
        if (document.readyState === 'complete') idle(idles)
        else addEventListener('load', () => idle(idles), { once: true })
      }),
    idles,
  )
}

/**
 * Resolves once the page has loaded, its idle-time features are in (the chat button, the last to come) and the
 * browser has run the idle callbacks queued until then: what waits for load and idle has happened (decision 014).
 */
export async function pageSettled(page: Page): Promise<void> {
  await expect(page.getByRole('button', { name: 'Chat with us' })).toBeVisible()
  await loadedAndIdle(page, 1)
}

/** Resolves once React has hydrated this element (it carries React's props from then on). */
export async function hydrated(locator: Locator) {
  await expect
    .poll(() => locator.evaluate((node) => Object.keys(node).some((key) => key.startsWith('__reactProps'))), {
      timeout: 10_000,
    })
    .toBe(true)
}

export interface Box {
  x: number
  y: number
  width: number
  height: number
}

/** The area two boxes share, in square px: 0 when they do not meet. */
export function overlap(a: Box, b: Box): number {
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x)
  const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y)
  return width > 0 && height > 0 ? width * height : 0
}
