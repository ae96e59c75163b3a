import { expect, hydrated, loadedAndIdle, pageSettled, test, type Page } from './support/test'
import { expectNoViolations } from './support/axe'
import { pauseClockSoon } from './support/clock'
import { carriesMotion, isPartlyFaded, recordLooks } from './support/animations'
import { luminance } from './support/colour'
import { homeHero } from '~/content/home'
import { homeGalleryTexts, homeServiceAreas, homeStats } from '~/content/home-sections'
import { homeSeoText } from '~/content/home-seo-text'
import { services } from '~/content/services'
import { serviceAreas } from '~/content/service-areas'
import { fullAddress, site, stats } from '~/content/site'

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

const heroSection = (page: Page) => page.locator('section').filter({ has: page.getByRole('heading', { level: 1 }) })
const counter = (page: Page, label: string) => page.locator(`[data-stat-counter="${label}"]`)
const quoteForm = (page: Page) => page.locator('.quote-request-form')

test.describe('home page', () => {
  test('the hero call button opens a tel: link and the hero is 60vh within 500–700 px', async ({ page }) => {
    await page.goto('/')
    const call = heroSection(page).getByRole('link', { name: homeHero.callLabel })
    await expect(call).toHaveAttribute('href', site.phoneHref)
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
    const [r = 255, g = 255, b = 255] = (background.match(/\d+(\.\d+)?/g) ?? []).map(Number)
    expect(luminance(r, g, b), background).toBeLessThan(0.05)
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
    // By then motion would have been fetched and the sections below hidden.
    await loadedAndIdle(page, 2)
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

  // Closed, as it loads: a11y.spec.ts, with every route kind.
  test('has no WCAG 2.2 A/AA violations axe can find with everything opened', async ({ page }) => {
    test.slow()
    await stubGoogle(page)
    await page.goto('/')
    await hydrated(page.getByRole('button', { name: 'Show map' }))
    for (const summary of await page.locator('summary').all()) await summary.click()
    await page.getByRole('button', { name: 'Show map' }).click()
    await expect(page.locator('#contact iframe')).toBeAttached()
    await expectNoViolations(page)

    // A photo's overlay, open.
    await page.locator('#gallery button[aria-haspopup="dialog"]').first().click()
    await expect(page.getByRole('dialog')).toBeVisible()
    await expectNoViolations(page)
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
  })
})
