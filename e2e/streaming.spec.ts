// First renders stream; the page cache keeps a complete render for everyone after (decision 029).
import sharp from 'sharp'
import { expect, test } from './support/test'
import { startSiteWhileReviewsWait, type SlowReviewsSite } from './support/site-server'
import { homeReviews } from '~/content/home'
import { site } from '~/content/site'

const REVIEWS = [
  { author: 'Luis M.', rating: 4, text: 'The patio came up bright; fair price.', date: '2025-08-19' },
  { author: 'Dana K.', rating: 5, text: 'Driveway looks new. On time and tidy.', date: '2025-05-02' },
]

/** The response's text so far, after one more chunk; null once it has ended. */
function streamedText(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader()
  const chunks: Uint8Array[] = []
  return async (): Promise<string | null> => {
    const { value, done } = await reader.read()
    if (done) return null
    chunks.push(value)
    return Buffer.concat(chunks).toString('utf8')
  }
}

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36'
const STREAMED_BOUNDARY = /hidden id="S:|\$RC\(/

test.describe('a first visit while the reviews are slow (Google stood in for)', () => {
  let server: SlowReviewsSite
  test.beforeEach(async () => {
    server = await startSiteWhileReviewsWait(REVIEWS)
  })
  test.afterEach(async () => server?.stop())

  test('gets the heading at once and the reviews later in the same response; then one complete copy for all', async () => {
    const first = await fetch(`${server.url}/reviews`, {
      headers: { 'Accept-Encoding': 'identity', 'User-Agent': BROWSER },
    })
    expect(first.headers.get('cache-control')).toBe('private, no-store')
    expect(first.headers.get('content-security-policy')).toMatch(/'nonce-[0-9a-f]{32}'/)
    const next = streamedText(first.body!)
    let received = ''
    while (!received.includes('Loading reviews…')) {
      const text = await next()
      if (text === null) throw new Error('the response ended before the reviews’ place was sent')
      received = text
    }
    expect(received).toMatch(/<h1[^>]*>[^<]*Customer Reviews/)
    expect(received).not.toContain(REVIEWS[0]!.text)

    server.release()
    for (let text = await next(); text !== null; text = await next()) received = text
    expect(received).toContain(REVIEWS[0]!.text)
    expect(received).toContain('</html>')

    await expect.poll(async () => (await fetch(`${server.url}/reviews`)).headers.get('x-page-cache')).toBe('hit')
    const [one, two] = await Promise.all([1, 2].map(() => fetch(`${server.url}/reviews`)))
    const [oneHtml, twoHtml] = await Promise.all([one!.text(), two!.text()])
    expect(twoHtml).toBe(oneHtml)
    expect(two!.headers.get('content-security-policy')).toBe(one!.headers.get('content-security-policy'))
    expect(one!.headers.get('content-security-policy')).not.toMatch(/nonce/)
    expect(one!.headers.get('cache-control')).toMatch(/\bpublic\b/)
    expect(oneHtml).toContain(REVIEWS[1]!.text)
    expect(oneHtml).not.toContain('Loading reviews…')
    expect(oneHtml).not.toMatch(STREAMED_BOUNDARY)
  })

  test('sends a crawler the complete page on a first render too', async () => {
    const asked = fetch(`${server.url}/reviews`, {
      headers: { 'User-Agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' },
    })
    setTimeout(server.release, 500)
    const html = await (await asked).text()
    expect(html).toContain(REVIEWS[0]!.text)
    expect(html).not.toContain('Loading reviews…')
    expect(html).not.toMatch(STREAMED_BOUNDARY)
  })
})

test.describe('the reviews the page brought (Google stood in for)', () => {
  let server: SlowReviewsSite
  test.beforeAll(async () => {
    server = await startSiteWhileReviewsWait(REVIEWS)
  })
  test.afterAll(async () => server?.stop())

  test('a streamed page paints its heading before the reviews; it and a stored page hydrate without an error and show the reviews, as the pages they lead to do', async ({
    page,
  }) => {
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text())
    })
    // `/reviews`: the server's start-up render already stored `/`. Its heading is painted before the reviews come.
    await page.goto(`${server.url}/reviews`, { waitUntil: 'commit' })
    const heading = page.getByRole('heading', { level: 1, name: 'Customer Reviews' })
    await expect(heading).toBeVisible()
    const { channels } = await sharp(await heading.screenshot()).stats()
    expect(Math.max(...channels.slice(0, 3).map((channel) => channel.stdev))).toBeGreaterThan(12)
    await expect(page.getByRole('status').filter({ hasText: 'Loading reviews…' })).toBeVisible()
    await expect(page.getByText(REVIEWS[0]!.text)).toHaveCount(0)
    server.release()
    const list = page.getByTestId('reviews-list')
    await expect(list.getByText(REVIEWS[0]!.text)).toBeVisible()
    await expect(page.getByText('Loading reviews…')).toHaveCount(0)
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')

    const home = page.getByRole('banner').getByRole('link', { name: `${site.name}, home` })
    await home.click()
    // The moving strip repeats its cards (hidden copies): the first is the one read.
    await expect(
      page.getByRole('region', { name: 'Customer reviews' }).getByText(REVIEWS[0]!.text).first(),
    ).toBeVisible()
    // Shown once the strip moves: its code came and hydrated.
    await expect(page.getByRole('button', { name: 'Pause reviews' })).toBeVisible()

    await expect.poll(async () => (await fetch(`${server.url}/reviews`)).headers.get('x-page-cache')).toBe('hit')
    const stored = await page.goto(`${server.url}/reviews`)
    expect(stored!.headers()['x-page-cache']).toBe('hit')
    await expect(list.getByText(REVIEWS[1]!.text)).toBeVisible()
    await home.click()
    await expect(
      page.getByRole('region', { name: 'Customer reviews' }).getByText(REVIEWS[1]!.text).first(),
    ).toBeVisible()
    await page.getByRole('link', { name: homeReviews.allReviewsLabel }).click()
    await expect(list.getByText(REVIEWS[0]!.text)).toBeVisible()

    expect(errors).toEqual([])
  })
})
