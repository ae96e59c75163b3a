import { sql } from 'kysely'
import { expect, pageSettled, test, type Locator, type Page } from './support/test'
import { violationList, wcagAudit } from './support/axe'
import { pauseClockSoon } from './support/clock'
import { cspViolations } from './support/csp'
import { carriesMotion, isPartlyFaded, recordLooks } from './support/animations'
import { homeHero, homeReviews } from '~/content/home'
import { homeGalleryTexts, homeServiceAreas, homeStats } from '~/content/home-sections'
import { homeSeoText } from '~/content/home-seo-text'
import { services } from '~/content/services'
import { serviceAreas } from '~/content/service-areas'
import { fullAddress, site, stats } from '~/content/site'
import { googleReviewsEnv, placeAnswer, startHttpStub, type HttpStub } from './support/http-stub'
import { ownerCommand } from './support/owner'
import {
  logged,
  prepareSiteData,
  siteDataEnv,
  startSiteServer,
  type SiteServer,
  siteServerForAll,
} from './support/site-server'

/** Google's map host answers `body` (the tests run offline); returns the addresses the page asked it for. */
async function stubGoogle(page: Page, body = '<p>map</p>'): Promise<string[]> {
  const requested: string[] = []
  await page.route('https://www.google.com/**', (route) => {
    requested.push(route.request().url())
    return route.fulfill({ contentType: 'text/html', body })
  })
  return requested
}

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost'])

/** Resolves once React has hydrated this element (it carries React's props from then on). */
async function hydrated(locator: Locator) {
  await expect
    .poll(() => locator.evaluate((node) => Object.keys(node).some((key) => key.startsWith('__reactProps'))), {
      timeout: 10_000,
    })
    .toBe(true)
}

const heroSection = (page: Page) => page.locator('section').filter({ has: page.getByRole('heading', { level: 1 }) })
const counter = (page: Page, label: string) => page.locator(`[data-stat-counter="${label}"]`)
const quoteForm = (page: Page) => page.locator('.quote-request-form')

/** Relative luminance (0 black … 1 white) of a CSS rgb() colour. */
function luminance(rgb: string): number {
  const [r, g, b] = (rgb.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((part) => {
    const channel = Number(part) / 255
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4
  })
  return 0.2126 * (r ?? 1) + 0.7152 * (g ?? 1) + 0.0722 * (b ?? 1)
}

test.describe('home page', () => {
  test('the hero call button opens a tel: link and the hero is 60vh within 500–700 px', async ({ page }) => {
    await page.goto('/')
    const call = heroSection(page).getByRole('link', { name: homeHero.callLabel })
    await expect(call).toHaveAttribute('href', site.phoneHref)
    expect(site.phoneHref).toMatch(/^tel:\+1\d{10}$/)
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Top Rated')

    const viewport = page.viewportSize()!
    const height = (await heroSection(page).boundingBox())!.height
    expect(height).toBeGreaterThanOrEqual(500)
    expect(height).toBeLessThanOrEqual(700)
    expect(Math.abs(height - Math.min(700, Math.max(500, viewport.height * 0.6)))).toBeLessThan(1)
  })

  test('without a featured video the hero is dark and has no video element', async ({ page }) => {
    await page.goto('/')
    await hydrated(heroSection(page).getByRole('link', { name: homeHero.quoteLabel }))
    await expect(heroSection(page).locator('video')).toHaveCount(0)
    const background = await heroSection(page).evaluate((node) => getComputedStyle(node).backgroundColor)
    expect(luminance(background)).toBeLessThan(0.05)
  })

  test('the Top Rated underline stands drawn while the page loads, then is drawn in again every 10 seconds', async ({
    page,
    request,
  }) => {
    // Served drawn and still, so its frames do not compete with loading.
    const html = await (await request.get('/')).text()
    expect(html).toMatch(
      /<span class="home-hero-underline[^"]*">Top Rated<span aria-hidden="true" class="home-hero-underline-line"><\/span><\/span>/,
    )
    await page.goto('/')
    const line = page.locator('.home-hero-underline-line')
    const timing = () =>
      line.evaluate((node) =>
        node.getAnimations().map((animation) => {
          const { duration, iterations } = animation.effect!.getComputedTiming()
          return { duration, iterations }
        }),
      )
    await expect.poll(timing, { timeout: 10_000 }).toEqual([{ duration: 10_000, iterations: Infinity }])

    // How much of the line shows at a moment of its animation.
    const drawnAt = (ms: number) =>
      line.evaluate((node, ms) => {
        const [animation] = node.getAnimations()
        animation!.pause()
        animation!.currentTime = ms
        return new DOMMatrix(getComputedStyle(node).transform).a
      }, ms)
    expect(await drawnAt(0)).toBe(0)
    const early = await drawnAt(300)
    expect(early).toBeGreaterThan(0.25) // eased out: well past a quarter after a quarter of the draw
    expect(early).toBeLessThan(1)
    expect(await drawnAt(1_200)).toBe(1)
    expect(await drawnAt(9_900)).toBe(1)
    expect(await drawnAt(10_300)).toBeCloseTo(early, 5)
  })

  test('sections come in the documented order', async ({ page }) => {
    await page.goto('/')
    const landmarks = [
      page.getByRole('heading', { level: 1 }),
      page.locator('#services'),
      quoteForm(page),
      page.locator('details', { hasText: homeSeoText.summary }),
      page.locator('#gallery'),
      page.locator('#about'),
      page.getByRole('heading', { name: homeStats.heading }),
      page.locator('#service-areas'),
      page.locator('#contact'),
      page.getByRole('contentinfo'),
    ]
    const tops: number[] = []
    for (const landmark of landmarks) {
      await expect(landmark).toHaveCount(1)
      tops.push(await landmark.evaluate((node) => node.getBoundingClientRect().top + window.scrollY))
    }
    expect(tops).toEqual([...tops].sort((a, b) => a - b))
  })

  for (const label of [homeHero.quoteLabel, homeStats.bookLabel]) {
    test(`"${label}" scrolls smoothly to the quote form and focuses its first field`, async ({ page }) => {
      await page.goto('/')
      const button = page.getByRole('link', { name: label })
      await hydrated(button)
      await button.click()
      await expect(quoteForm(page)).toBeInViewport()
      await expect(quoteForm(page).getByLabel('First Name')).toBeFocused()
      // Handled in the page: no jump to the #free-quote fragment.
      expect(new URL(page.url()).hash).toBe('')
    })
  }

  test('service tiles open their tab of /services and the epoxy button opens /epoxy', async ({ page }) => {
    await page.goto('/')
    const tiles = page.locator('#services a[data-service-id]')
    await expect(tiles).toHaveCount(services.length)
    expect(await tiles.evaluateAll((links) => links.map((link) => link.getAttribute('href')))).toEqual(
      services.map((service) => `/services?tab=${service.id}`),
    )
    await hydrated(tiles.nth(6))
    await tiles.nth(6).click()
    await expect(page).toHaveURL(`/services?tab=${services[6]!.id}`)

    await page.goto('/')
    const epoxy = page.getByRole('link', { name: 'Learn More About Epoxy' })
    await hydrated(epoxy)
    await epoxy.click()
    await expect(page).toHaveURL('/epoxy')
  })

  test('the gallery shows 4 sized before-and-after images and See More Gallery opens /gallery', async ({ page }) => {
    await page.goto('/')
    // The thumbnails' photos (each overlay holds its own full-size one).
    const images = page.locator('#gallery button[aria-haspopup="dialog"] img')
    await expect(images).toHaveCount(4)
    for (const image of await images.all()) {
      await expect(image).toHaveAttribute('width', /^\d+$/)
      await expect(image).toHaveAttribute('height', /^\d+$/)
      await expect(image).toHaveAttribute('loading', 'lazy')
    }
    const more = page.getByRole('link', { name: homeGalleryTexts.moreLabel })
    await hydrated(more)
    await more.click()
    await expect(page).toHaveURL('/gallery')
  })

  test('service areas show 6 cities, then all 16, then 6 again, each linking to its city page', async ({ page }) => {
    await page.goto('/')
    const section = page.locator('#service-areas')
    const cities = section.getByRole('listitem').getByRole('link')
    await expect(cities).toHaveCount(6)
    // The browser's own disclosure (a <summary>): its label says which way it goes.
    const toggle = section.locator('summary')
    await toggle.scrollIntoViewIfNeeded()
    const label = (text: string) => expect(toggle).toHaveJSProperty('innerText', text)
    await label(homeServiceAreas.showMoreLabel)

    await toggle.click()
    await expect(cities).toHaveCount(16)
    await label(homeServiceAreas.showLessLabel)
    expect(
      await cities.evaluateAll((links) => links.map((link) => [link.textContent, link.getAttribute('href')])),
    ).toEqual(serviceAreas.map((area) => [area.name, `/city/${area.slug}`]))

    await toggle.click()
    await expect(cities).toHaveCount(6)
    await label(homeServiceAreas.showMoreLabel)

    await cities.first().click()
    await expect(page).toHaveURL(`/city/${serviceAreas[0]!.slug}`)
  })

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false })
    test('Show map takes the visitor to the map, and Google is contacted only on the tap', async ({ page }) => {
      const google = await stubGoogle(page, '<h1>Google map</h1>')
      await page.goto('/')
      const show = page.locator('#contact').getByRole('button', { name: 'Show map' })
      await show.scrollIntoViewIfNeeded()
      expect(google).toEqual([])
      await show.click()
      await expect(page.getByRole('heading', { name: 'Google map' })).toBeVisible()
      expect(google).toEqual([`https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(fullAddress)}`])
    })

    test('the reviews show without a Pause button that could not work', async ({ page }) => {
      await page.goto('/')
      const strip = page.getByRole('region', { name: 'Customer reviews' })
      await expect(strip.getByRole('listitem').first()).toBeVisible()
      await expect(page.getByRole('button', { name: 'Pause reviews' })).toBeHidden()
    })
  })

  test('the SEO text is closed at first and opens from its summary', async ({ page }) => {
    await page.goto('/')
    const details = page.locator('details', { hasText: homeSeoText.summary })
    const firstHeading = page.getByRole('heading', { name: homeSeoText.sections[0]!.heading })
    await expect(details).not.toHaveAttribute('open', /.*/)
    await expect(firstHeading).toBeHidden()
    await details.locator('summary').click()
    await expect(details).toHaveAttribute('open', '')
    await expect(firstHeading).toBeVisible()
    await details.locator('summary').click()
    await expect(firstHeading).toBeHidden()
  })

  test('the counters count up from 0 once the banner is 30% visible, reaching their values after 2.5 s', async ({
    page,
  }) => {
    await page.clock.install()
    await page.goto('/')
    // Hydrated while the banner is out of sight: the counters wait at 0.
    await expect(counter(page, 'Happy Customers')).toHaveText('0+')
    await page.clock.runFor(3_000)
    await expect(counter(page, 'Happy Customers')).toHaveText('0+')

    // An installed clock still flows with real time: pause it so only runFor moves it.
    await pauseClockSoon(page)
    await page.getByRole('heading', { name: homeStats.heading }).scrollIntoViewIfNeeded()
    const value = async () => Number.parseInt((await counter(page, 'Happy Customers').textContent()) ?? '', 10)
    // The count starts with the first frame after the banner is seen (at most 50 ms of fake time ago here).
    await expect
      .poll(async () => {
        await page.clock.runFor(50)
        return value()
      })
      .toBeGreaterThan(0)
    await page.clock.runFor(1_200)
    const halfway = await value()
    expect(halfway).toBeGreaterThan(350) // ease-out: well past half of 700 at half time
    expect(halfway).toBeLessThan(700)

    await page.clock.runFor(1_400)
    for (const stat of stats) await expect(counter(page, stat.label)).toHaveText(`${stat.value}${stat.suffix}`)
  })

  test('sections below the fold fade in as they scroll into view; what is on screen as the page loads never moves', async ({
    page,
  }) => {
    const swapped = { timeout: 10_000 }
    // Tall enough for the first row of tiles to be on screen at hydration; the second row is below the fold.
    await page.setViewportSize({ width: 1280, height: 1600 })
    await page.goto('/')
    const tiles = page.locator('#services li > div')
    await expect(tiles.last()).toHaveCSS('opacity', '0', swapped)
    await expect(tiles.first()).toHaveCSS('opacity', '1')
    await expect(tiles.first()).not.toHaveAttribute('style')

    // The browser still skips the about section (content-visibility) here; it is swapped all the same.
    await page.setViewportSize({ width: 1280, height: 720 })
    await page.goto('/')
    const aboutBlock = page.locator('#about > div > div').first()
    await expect(aboutBlock).toHaveCSS('opacity', '0', swapped)
    await page.locator('#about').scrollIntoViewIfNeeded()
    await expect(aboutBlock).toHaveCSS('opacity', '1')
  })

  test('the server HTML already holds the final counter values for crawlers and visitors without JavaScript', async ({
    request,
  }) => {
    const html = await (await request.get('/')).text()
    for (const stat of stats) {
      expect(html).toContain(`data-stat-counter="${stat.label}">${stat.value}${stat.suffix}<`)
      expect(html).toContain(stat.label)
    }
    // Everything is visible without JavaScript: no section is rendered transparent waiting for an animation.
    expect(html).not.toMatch(/style="[^"]*opacity:\s*0/)
  })

  test('the map loads only when the visitor asks for it', async ({ page }) => {
    const thirdParty = await stubGoogle(page)
    await page.goto('/')
    const contact = page.locator('#contact')
    await expect(contact.getByRole('link', { name: site.phone })).toHaveAttribute('href', site.phoneHref)
    await expect(contact.getByRole('link', { name: site.email })).toHaveAttribute('href', `mailto:${site.email}`)
    await expect(contact.locator('address')).toContainText(site.address.street)
    await expect(contact.locator('iframe')).toHaveCount(0)

    const show = contact.getByRole('button', { name: 'Show map' })
    await hydrated(show)
    await show.scrollIntoViewIfNeeded()
    expect(thirdParty).toEqual([])
    await show.click()
    const map = contact.locator('iframe')
    await expect(map).toHaveAttribute('title', `Map of ${fullAddress}`)
    await expect(map).toHaveAttribute(
      'src',
      `https://www.google.com/maps?q=${encodeURIComponent(fullAddress)}&output=embed`,
    )
    await expect(map).toBeFocused()
    await expect.poll(() => thirdParty.length).toBeGreaterThan(0)
  })

  test('loading and scrolling the whole page makes no request to another host', async ({ page }) => {
    const requests: string[] = []
    page.on('request', (request) => requests.push(request.url()))
    await page.goto('/', { waitUntil: 'networkidle' })
    // Each step painted twice: what comes into view has been seen (its observers run before a paint).
    for (let y = 0; y < (await page.evaluate(() => document.body.scrollHeight)); y += 600)
      await page.evaluate(
        (top) =>
          new Promise((painted) => (scrollTo(0, top), requestAnimationFrame(() => requestAnimationFrame(painted)))),
        y,
      )
    await pageSettled(page)
    expect(requests.length).toBeGreaterThan(5)
    expect(requests.filter((url) => !LOCAL_HOSTS.has(new URL(url).hostname))).toEqual([])
  })

  test('a photo below the fold waits unseen, then fades and rises in when scrolled to, ending opaque in place', async ({
    page,
  }) => {
    await page.goto('/', { waitUntil: 'networkidle' })
    const tile = page.locator('#gallery li > div').first()
    const look = () => tile.evaluate((node) => `${getComputedStyle(node).opacity} ${getComputedStyle(node).transform}`)
    await expect.poll(look, { timeout: 10_000 }).toBe('0 matrix(1, 0, 0, 1, 0, 24)')
    const looks = await recordLooks(page, '#gallery li > div')
    await tile.scrollIntoViewIfNeeded()
    await expect.poll(look).toBe('1 none')
    // Frames between: partly faded and on its way up, never below its starting point.
    const between = (await looks()).filter(isPartlyFaded)
    expect(between.length).toBeGreaterThan(0)
    for (const frame of between) {
      const rise = Number(/matrix\(1, 0, 0, 1, 0, ([\d.]+)\)/.exec(frame)?.[1])
      expect(rise).toBeGreaterThan(0)
      expect(rise).toBeLessThan(24)
    }
  })

  test('with reduced motion nothing moves: final counters, a drawn underline, every section in place, one static copy of the reviews, and no motion fetched', async ({
    page,
  }) => {
    const scripts: string[] = []
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url())
    })
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await page.goto('/')
    await hydrated(page.getByRole('link', { name: homeStats.bookLabel }))
    // Load, then two idle periods: by then motion would have been fetched and the sections below hidden.
    await page.evaluate(
      () =>
        new Promise((settled) => {
          const idle = () => requestIdleCallback(() => requestIdleCallback(settled))
          if (document.readyState === 'complete') idle()
          else addEventListener('load', idle, { once: true })
        }),
    )
    for (const stat of stats) await expect(counter(page, stat.label)).toHaveText(`${stat.value}${stat.suffix}`)
    const running = await page.evaluate(() =>
      document
        .getAnimations()
        .filter((animation) => !(animation instanceof CSSTransition))
        .map((animation) => (animation instanceof CSSAnimation ? animation.animationName : 'a script animation')),
    )
    expect(running).toEqual([])
    await expect(page.locator('.home-hero-underline-line')).toHaveCSS('transform', 'none')
    for (const tile of await page.locator('#gallery li > div').all()) await expect(tile).not.toHaveAttribute('style')
    expect(scripts.filter(carriesMotion)).toEqual([])
    const strip = page.getByRole('region', { name: 'Customer reviews' })
    if ((await strip.count()) > 0) {
      await expect(strip.locator('ul').nth(1)).toBeHidden()
      await expect(page.getByRole('button', { name: 'Pause reviews' })).toBeHidden()
    }
  })

  test('has no WCAG 2.2 A/AA violations axe can find, closed and with everything opened', async ({ page }) => {
    test.slow()
    const axe = async () => violationList(await (await wcagAudit(page)).analyze())
    await stubGoogle(page)
    await page.goto('/')
    await page.waitForLoadState('networkidle')
    expect(await axe()).toEqual([])

    await hydrated(page.getByRole('button', { name: 'Show map' }))
    for (const summary of await page.locator('summary').all()) await summary.click()
    await page.getByRole('button', { name: 'Show map' }).click()
    await expect(page.locator('#contact iframe')).toBeAttached()
    expect(await axe()).toEqual([])

    // A photo's overlay, open.
    await page.locator('#gallery button[aria-haspopup="dialog"]').first().click()
    await expect(page.getByRole('dialog')).toBeVisible()
    expect(await axe()).toEqual([])
  })

  test('on a phone the hero fits its text and both hero buttons are reachable @mobile', async ({ page }) => {
    await page.goto('/')
    const hero = heroSection(page)
    const box = (await hero.boundingBox())!
    expect(box.height).toBeGreaterThanOrEqual(500)
    for (const name of [homeHero.callLabel, homeHero.quoteLabel]) {
      const link = hero.getByRole('link', { name })
      const linkBox = (await link.boundingBox())!
      expect(linkBox.y + linkBox.height).toBeLessThanOrEqual(box.y + box.height)
      expect(linkBox.height).toBeGreaterThanOrEqual(44)
    }
    const quote = hero.getByRole('link', { name: homeHero.quoteLabel })
    await hydrated(quote)
    await quote.click()
    await expect(quoteForm(page)).toBeInViewport()
  })
})

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
  let server: SiteServer

  test.beforeAll(async () => {
    places = await startHttpStub(placeAnswer(REVIEWS))
    const data = await prepareSiteData()
    expect((await ownerCommand('video', [VIDEO_URL], data)).code).toBe(0)
    server = await startSiteServer({ ...siteDataEnv(data), ...googleReviewsEnv(places) })
  })
  test.afterAll(async () => {
    await server?.stop()
    await places?.stop()
  })

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

  test('a visitor who lands on another page and goes home in the app still gets the video (the first page allowed it)', async ({
    page,
  }) => {
    let requested = false
    await page.route(VIDEO_URL, () => {
      requested = true
    })
    const violations = cspViolations(page)
    await page.goto(`${server.url}/contact`)
    const home = page.getByRole('banner').getByRole('link', { name: `${site.name}, home` })
    await hydrated(home)
    await home.click()
    await expect(heroSection(page).locator('video source')).toHaveAttribute('src', VIDEO_URL)
    await expect.poll(() => requested).toBe(true)
    expect(violations).toEqual([])
  })

  test('reviews are in the server HTML, cut at 120 characters with an ellipsis, shown with stars between the hero and the services', async ({
    page,
    request,
  }) => {
    const html = await (await request.get(`${server.url}/`)).text()
    expect(html).toContain('Dana K.')
    expect(places.requests[0]?.headers['x-goog-api-key']).toBe(googleReviewsEnv(places).GOOGLE_PLACES_API_KEY)
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

  test('on a visit from another page a spinner shows while the reviews load', async ({ page }) => {
    let holdReviews = true
    let release: () => void = () => {}
    const released = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/_serverFn/**', async (route) => {
      const response = await route.fetch()
      const body = await response.text()
      if (holdReviews && body.includes('Dana K.')) await released
      await route.fulfill({ response, body })
    })
    await page.route(VIDEO_URL, () => {})
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
  })
})

test.describe('home page when the database fails the reviews and the featured video', () => {
  // Their tables gone: both reads fail, and nothing else does.
  const server = siteServerForAll(async () =>
    siteDataEnv(
      await prepareSiteData((db) =>
        sql`ALTER TABLE public.reviews RENAME TO reviews_gone;
          ALTER TABLE public.pressure_washing_videos RENAME TO pressure_washing_videos_gone;`.execute(db),
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
