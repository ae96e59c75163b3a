import { test as base } from '@playwright/test'
import { startedInTest, type SiteServer } from './site-server'

export * from '@playwright/test'

/**
 * `page.goto` also waits for <html data-hydrated>, so a test never clicks markup without handlers; and every site
 * server a test starts is stopped when it ends, passed or failed.
 */
export const test = base.extend<{ stopSiteServers: void }>({
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) {
      const goto = page.goto.bind(page)
      page.goto = async (url, options) => {
        const response = await goto(url, options)
        await page
          .locator('html[data-hydrated="true"]')
          .waitFor({ state: 'attached', timeout: 15_000 })
          .catch(() => {})
        return response
      }
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
})
