/**
 * The public reads (reviews, featured videos) are kept by the browser's HTTP cache, not by state the page
 * writes while rendering: a second page in the same browser asks the network no second time.
 */
import { expect, test } from './support/test'

test('the reviews read is answered from the browser cache on the next page load', async ({ page }) => {
  const answers: { url: string; cacheControl: string | null }[] = []
  page.on('response', (response) => {
    if (response.url().includes('/_serverFn/') && response.request().method() === 'GET')
      answers.push({ url: response.url(), cacheControl: response.headers()['cache-control'] ?? null })
  })
  // From a page without reviews, a link makes the browser read them itself.
  const readReviews = async () => {
    await page.goto('/contact')
    await page.getByRole('banner').getByRole('link', { name: 'Reviews', exact: true }).click()
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/review/i)
    await expect(page.getByRole('region', { name: 'What Our Customers Say' }).getByRole('figure').first()).toBeVisible()
  }
  await readReviews()
  expect(answers).toHaveLength(1)
  expect(answers[0]!.cacheControl).toBe('public, max-age=1800')

  // A new document: nothing kept in the page's memory, only in the HTTP cache.
  await readReviews()
  const [entry] = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((resource) => resource.name.includes('/_serverFn/'))
      .map((resource) => ({ name: resource.name, transferSize: (resource as PerformanceResourceTiming).transferSize })),
  )
  expect(entry?.name).toBe(answers[0]!.url)
  expect(entry?.transferSize).toBe(0)
})
