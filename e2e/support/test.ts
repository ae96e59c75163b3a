import { test as base } from '@playwright/test'

export * from '@playwright/test'

/** `page.goto` also waits for <html data-hydrated>, so a test never clicks markup without handlers. */
export const test = base.extend({
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
})
