import { test as base } from '@playwright/test'

export * from '@playwright/test'

/**
 * Playwright's `test`, whose `page.goto` also waits until React has hydrated the page (the root
 * layout marks <html data-hydrated>), so a test never types or clicks into server markup whose
 * handlers are not attached yet. Pages loaded with JavaScript off are not waited for.
 */
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
