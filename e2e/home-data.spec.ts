// The home page on servers of its own, with what their databases hold: Google's reviews and a featured video, both
// reads failing (and the services page's video's), no reviews. The page itself on the shared server is
// e2e/home.spec.ts's.
import { sql } from 'kysely'
import { homeReviews } from '~/content/home'
import { homeStats } from '~/content/home-sections'
import { site } from '~/content/site'
import { cspViolations } from './support/csp'
import { googleReviewsEnv, placeAnswer, startHttpStub, type HttpStub } from './support/http-stub'
import { ownerCommand } from './support/owner'
import { logged, prepareSiteData, siteDataEnv, siteServerForAll } from './support/site-server'
import { expect, hydrated, test, type Page } from './support/test'

const heroSection = (page: Page) => page.locator('section').filter({ has: page.getByRole('heading', { level: 1 }) })

// https, as media-src requires; held by page.route so nothing leaves the machine.
const VIDEO_URL = 'https://videos.example.test/home-hero.mp4'
const LONG_REVIEW =
  'We had oil stains, black mildew and years of dirt on our driveway and back patio in Fair Oaks. The crew walked the property with us first and got nearly all of it out.'
// Newest first, as shown.
const REVIEWS = [
  { author: 'Luis M.', rating: 4, text: LONG_REVIEW, date: '2025-08-19' },
  { author: 'Dana K.', rating: 5, text: 'Driveway looks new. On time and tidy.', date: '2025-05-02' },
]

test.describe("home page with Google's reviews and a featured video (Google stood in for)", () => {
  let places: HttpStub
  const server = siteServerForAll(async () => {
    places = await startHttpStub(placeAnswer(REVIEWS))
    const data = await prepareSiteData()
    expect((await ownerCommand('video', [VIDEO_URL], data)).code).toBe(0)
    return { ...siteDataEnv(data), ...googleReviewsEnv(places) }
  })
  test.afterAll(async () => places?.stop())

  test('the featured video plays muted, inline and once, from the right source', async ({ page }) => {
    // Held open: the element stays as it is while a real video would stream in.
    await page.route(VIDEO_URL, () => {})
    await page.goto(`${server.url}/`)
    const video = heroSection(page).locator('video')
    await expect(video.locator('source')).toHaveAttribute('src', VIDEO_URL)
    await expect(video.locator('source')).toHaveAttribute('type', 'video/mp4')
    await expect
      .poll(() =>
        video.evaluate((node: HTMLVideoElement) => ({
          muted: node.muted,
          loop: node.loop,
          playsInline: node.playsInline,
          paused: node.paused,
        })),
      )
      .toEqual({ muted: true, loop: false, playsInline: true, paused: false })
  })

  test("every page's media-src names the featured video's host and no other https host", async ({ request }) => {
    for (const path of ['/', '/contact', '/services?tab=roof']) {
      const policy = (await request.get(`${server.url}${path}`)).headers()['content-security-policy'] ?? ''
      expect(policy, path).toContain("media-src 'self' https://videos.example.test;")
    }
  })

  test('reviews are in the server HTML, cut at 120 characters with an ellipsis, shown with stars between the hero and the services', async ({
    page,
    request,
  }) => {
    const html = await (await request.get(`${server.url}/`)).text()
    expect(html).toContain('Dana K.')
    expect(LONG_REVIEW.length).toBeGreaterThan(120)
    expect(LONG_REVIEW[119]).not.toBe(' ')
    const excerpt = `${LONG_REVIEW.slice(0, 120)}…`
    expect(html).toContain(`<p>${excerpt}</p>`)

    await page.goto(`${server.url}/`)
    const strip = page.getByRole('region', { name: 'Customer reviews' })
    // Three copies for the endless strip; assistive tech gets each review once.
    await expect(strip.locator('li')).toHaveCount(REVIEWS.length * 3)
    await expect(strip.getByRole('listitem')).toHaveCount(REVIEWS.length)
    await expect(strip.getByRole('listitem').nth(0)).toContainText(excerpt)
    await expect(strip.getByRole('listitem').nth(1)).toContainText(REVIEWS[1]!.text)
    await expect(strip.getByRole('img', { name: 'Rated 4 out of 5 stars' })).toHaveCount(1)
    const order = await page.evaluate(() =>
      ['h1', '#reviews-heading', '#services-heading'].map(
        (selector) => document.querySelector(selector)!.getBoundingClientRect().top,
      ),
    )
    expect(order).toEqual([...order].sort((a, b) => a - b))
  })

  test('the reviews strip scrolls, and pauses on hover, on focus and with its pause button', async ({ page }) => {
    await page.goto(`${server.url}/`)
    const strip = page.getByRole('region', { name: 'Customer reviews' })
    const playState = () =>
      strip.evaluate((node) => node.querySelector('.home-marquee-track')!.getAnimations()[0]?.playState)
    await expect.poll(playState).toBe('running')
    await strip.hover()
    await expect.poll(playState).toBe('paused')
    await page.mouse.move(0, 0)
    await expect.poll(playState).toBe('running')
    await strip.focus()
    await expect.poll(playState).toBe('paused')
    await strip.blur()

    const pause = page.getByRole('button', { name: 'Pause reviews' })
    await hydrated(pause)
    await pause.click()
    await page.mouse.move(0, 0)
    await expect(page.getByRole('button', { name: 'Play reviews' })).toBeVisible()
    await page.getByRole('button', { name: 'Play reviews' }).blur()
    await expect.poll(playState).toBe('paused')
    await page.getByRole('button', { name: 'Play reviews' }).click()
    await page.getByRole('button', { name: 'Pause reviews' }).blur()
    await expect.poll(playState).toBe('running')
  })

  test('home reached in the app from another page shows a spinner while the reviews load, then them and the video (the first page allowed it)', async ({
    page,
  }) => {
    let holdReviews = true
    let release: () => void = () => {}
    const released = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/_serverFn/**', async (route) => {
      const response = await route.fetch()
      const body = await response.text()
      if (holdReviews && body.includes('Dana K.')) await released
      await route.fulfill({ response, body })
    })
    let videoRequested = false
    await page.route(VIDEO_URL, () => {
      videoRequested = true
    })
    const violations = cspViolations(page)
    await page.goto(`${server.url}/gallery`)
    const home = page.getByRole('banner').getByRole('link', { name: `${site.name}, home` })
    await hydrated(home)
    await home.click()
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Top Rated')
    await expect(page.getByRole('status').filter({ hasText: homeReviews.loadingLabel })).toBeVisible()
    holdReviews = false
    release()
    await expect(page.getByRole('region', { name: 'Customer reviews' }).getByRole('listitem')).toHaveCount(
      REVIEWS.length,
    )
    await expect(page.getByRole('status').filter({ hasText: homeReviews.loadingLabel })).toHaveCount(0)
    await expect(heroSection(page).locator('video source')).toHaveAttribute('src', VIDEO_URL)
    await expect.poll(() => videoRequested).toBe(true)
    expect(violations).toEqual([])
  })
})

test.describe('home and services pages when the database fails the reviews and the featured videos', () => {
  // Their tables gone (and the services page's video's): those reads fail, and nothing else does.
  const server = siteServerForAll(async () =>
    siteDataEnv(
      await prepareSiteData((db) =>
        sql`ALTER TABLE public.reviews RENAME TO reviews_gone;
          ALTER TABLE public.pressure_washing_videos RENAME TO pressure_washing_videos_gone;
          ALTER TABLE public.service_videos RENAME TO service_videos_gone;`.execute(db),
      ),
    ),
  )

  test('the page still answers 200 with a dark hero and no reviews section, and both failures are logged', async ({
    page,
    request,
  }) => {
    const response = await request.get(`${server.url}/`)
    expect(response.status()).toBe(200)
    const html = await response.text()
    expect(html).toContain('Top Rated')
    expect(html).not.toContain(homeReviews.heading)
    expect(html).not.toContain(homeReviews.loadingLabel)

    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    await page.goto(`${server.url}/`)
    await hydrated(page.getByRole('link', { name: homeStats.bookLabel }))
    await expect(page.getByRole('heading', { name: homeReviews.heading })).toHaveCount(0)
    await expect(page.getByRole('status').filter({ hasText: homeReviews.loadingLabel })).toHaveCount(0)
    await expect(heroSection(page).locator('video')).toHaveCount(0)
    await expect(page.getByRole('heading', { name: homeStats.heading })).toBeVisible()
    expect(errors).toEqual([])
    expect(logged(server.records(), 'reviews', 'fetch-reviews failed')).not.toEqual([])
    expect(logged(server.records(), 'featured-video', 'reading pressure_washing_videos failed')).not.toEqual([])
  })

  test('the services page still answers 200 with a dark hero and the service details', async ({ page }) => {
    const response = await page.goto(`${server.url}/services?tab=roof`)
    expect(response?.status()).toBe(200)
    await expect(page.locator('#service-title')).toHaveText('Roof Cleaning')
    await page.waitForLoadState('networkidle')
    await expect(page.locator('video')).toHaveCount(0)
  })
})

test.describe('home page when there are no reviews', () => {
  // As supabase/seed.sql tells the owner to do with its samples before launch.
  const server = siteServerForAll(async () =>
    siteDataEnv(await prepareSiteData((db) => db.updateTable('reviews').set('published', false).execute())),
  )

  test('an empty list hides the reviews section', async ({ page }) => {
    await page.goto(`${server.url}/`)
    await hydrated(page.getByRole('link', { name: homeStats.bookLabel }))
    await expect(page.getByRole('heading', { name: homeReviews.heading })).toHaveCount(0)
    await expect(page.getByRole('region', { name: 'Customer reviews' })).toHaveCount(0)
    await expect(page.locator('#services')).toBeVisible()
  })
})
