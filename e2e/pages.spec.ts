import { renderToStaticMarkup } from 'react-dom/server'
import { expect, pageSettled, test, type Page } from './support/test'
import { cities } from '~/content/cities'
import { cityPageFacts } from '~/content/city-page'
import { galleryForService } from '~/content/gallery'
import { serviceAreas } from '~/content/service-areas'
import { epoxy, serviceById, services } from '~/content/services'
import { site } from '~/content/site'

/** Text as React writes it into server HTML. */
const html = (text: string) => renderToStaticMarkup(text)

const serviceTitle = (page: Page) => page.locator('#service-title')
const serviceRadio = (page: Page, name: string) =>
  page.getByRole('radiogroup', { name: 'Choose a service' }).getByRole('radio', { name, exact: true })

/** Whether the sticky service row sits right under the fixed header, with the detail area right under it (±1 px: the header's border). */
async function detailAreaPosition(page: Page) {
  return page.evaluate(() => {
    const header = document.querySelector('header')!.getBoundingClientRect()
    const row = document.querySelector('[role=radiogroup]')!.closest('.sticky')!.getBoundingClientRect()
    const detail = document.getElementById('service-detail')!.getBoundingClientRect()
    return {
      rowStuckUnderHeader: Math.abs(row.top - header.bottom) <= 1,
      detailRightBelowRow: Math.abs(detail.top - row.bottom) <= 1,
    }
  })
}

test.describe('/services', () => {
  test('choosing a service updates the URL and the details, and scrolls to them', async ({ page }) => {
    await page.goto('/services')
    await expect(serviceRadio(page, 'Sealing')).toHaveAttribute('aria-checked', 'true')
    expect(await page.evaluate(() => window.scrollY)).toBe(0)

    await serviceRadio(page, 'Roof').click()
    await expect(page).toHaveURL(/\/services\?tab=roof$/)
    await expect(serviceTitle(page)).toHaveText('Roof Cleaning')
    await expect(serviceRadio(page, 'Roof')).toHaveAttribute('aria-checked', 'true')
    await expect(serviceRadio(page, 'Sealing')).toHaveAttribute('aria-checked', 'false')
    await expect(page.getByRole('heading', { name: 'Get a Free Roof Cleaning Quote' })).toBeVisible()
    await expect(page).toHaveTitle(serviceById('roof').seo.title)
    // Smooth scroll (so poll) until the toggle row is stuck under the header with the details right below it.
    await expect
      .poll(() => detailAreaPosition(page), { timeout: 5_000 })
      .toEqual({ rowStuckUnderHeader: true, detailRightBelowRow: true })
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(200)
  })

  test('arrow keys, Home and End move the selection; only the selected option is tabbable', async ({ page }) => {
    await page.goto('/services?tab=roof')
    const group = page.getByRole('radiogroup', { name: 'Choose a service' })
    await expect(group.getByRole('radio')).toHaveCount(services.length)
    await serviceRadio(page, 'Roof').focus()

    const steps: [key: string, shortTitle: string, id: string][] = [
      ['ArrowRight', 'Gutters', 'gutter'],
      ['ArrowRight', 'Sealing', 'concrete-sealing'], // wraps around
      ['ArrowLeft', 'Gutters', 'gutter'],
      ['ArrowUp', 'Roof', 'roof'],
      ['ArrowDown', 'Gutters', 'gutter'],
      ['Home', 'Sealing', 'concrete-sealing'],
      ['End', 'Gutters', 'gutter'],
    ]
    for (const [key, shortTitle, id] of steps) {
      await page.keyboard.press(key)
      const radio = serviceRadio(page, shortTitle)
      await expect(radio, `${key} selects ${shortTitle}`).toBeFocused()
      await expect(radio).toHaveAttribute('aria-checked', 'true')
      await expect(page).toHaveURL(new RegExp(`tab=${id}$`))
      await expect(serviceTitle(page)).toHaveText(serviceById(id as never).title)
    }
    await expect(group.locator('[tabindex="0"]')).toHaveCount(1)
    await expect(group.locator('[tabindex="-1"]')).toHaveCount(services.length - 1)
  })

  test('back and forward restore the selected service', async ({ page }) => {
    await page.goto('/services')
    await serviceRadio(page, 'House Wash').click()
    await expect(serviceTitle(page)).toHaveText('Full House Washing')
    await serviceRadio(page, 'Patio').click()
    await expect(serviceTitle(page)).toHaveText('Patio Cleaning')

    await page.goBack()
    await expect(page).toHaveURL(/tab=full-house$/)
    await expect(serviceTitle(page)).toHaveText('Full House Washing')
    await expect(serviceRadio(page, 'House Wash')).toHaveAttribute('aria-checked', 'true')

    await page.goBack()
    await expect(page).toHaveURL(/\/services$/)
    await expect(serviceTitle(page)).toHaveText('Concrete & Paver Sealing')

    await page.goForward()
    await page.goForward()
    await expect(page).toHaveURL(/tab=patio$/)
    await expect(serviceTitle(page)).toHaveText('Patio Cleaning')
    await expect(serviceRadio(page, 'Patio')).toHaveAttribute('aria-checked', 'true')
  })

  test('every service shows its own 3 before-and-after images', async ({ page }) => {
    await page.goto('/services')
    for (const service of services) {
      await serviceRadio(page, service.shortTitle).click()
      await expect(serviceTitle(page)).toHaveText(service.title)
      const gallery = page.getByRole('region', { name: `${service.title}: Before & After` })
      const images = gallery.getByRole('img')
      await expect(images).toHaveCount(3)
      const alts = await images.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('alt')))
      expect(alts, service.id).toEqual(galleryForService(service.id).map((image) => image.alt))
    }
  })

  // What the visitor typed kept across a service switch, before and after the form's code: chunk-failure.spec.ts.
  // The hero without a featured video, dark with no video element, is the one the home page has: home.spec.ts.
  test.describe('on a phone @mobile', () => {
    test('the toggle row scrolls sideways and switches service', async ({ page }) => {
      await page.goto('/services')
      const row = page.getByRole('radiogroup', { name: 'Choose a service' })
      expect(await row.evaluate((node) => node.scrollWidth > node.clientWidth)).toBe(true)
      await serviceRadio(page, 'Gutters').click()
      await expect(page).toHaveURL(/tab=gutter$/)
      await expect(serviceTitle(page)).toHaveText('Gutter Cleaning')
      await expect(serviceRadio(page, 'Gutters')).toBeInViewport()
    })
  })
})

for (const service of services) {
  test(`the server HTML of /services?tab=${service.id} holds that service's content`, async ({ request }) => {
    const body = await (await request.get(`/services?tab=${service.id}`)).text()
    expect(body).toContain(`<title>${html(service.seo.title)}</title>`)
    expect(body).toContain(`<meta name="description" content="${html(service.seo.description)}"`)
    expect(body).toMatch(new RegExp(`<h2 id="service-title"[^>]*>${html(service.title)}</h2>`))
    expect(body).toContain(html(service.description))
    for (const text of [...service.features, ...service.process.map((step) => step.title), ...service.benefits]) {
      expect(body, text).toContain(html(text))
    }
    for (const image of galleryForService(service.id)) expect(body).toContain(html(image.alt))
    expect(body).toContain('quote-request-form')
    // No other service's details leak into this URL.
    for (const other of services.filter((s) => s.id !== service.id)) expect(body).not.toContain(html(other.description))
  })
}

test.describe('/epoxy', () => {
  test('shows the four benefits, two service cards, the 4-step process and the install time', async ({ page }) => {
    await page.goto('/epoxy')
    const main = page.getByRole('main')
    for (const benefit of epoxy.benefits) await expect(main.getByRole('heading', { name: benefit.title })).toBeVisible()
    expect(epoxy.benefits).toHaveLength(4)
    for (const card of ['Garage Floors', 'Small Patios'])
      await expect(main.getByRole('heading', { name: card, level: 3 })).toBeVisible()
    const steps = main.getByRole('region', { name: 'Our 4-Step Process' }).getByRole('listitem')
    await expect(steps).toHaveCount(4)
    for (const [index, title] of [
      'Surface Preparation',
      'Primer Application',
      'Epoxy Coating',
      'Final Inspection',
    ].entries()) {
      await expect(steps.nth(index)).toContainText(title)
    }
    await expect(main).toContainText(`Install time: ${epoxy.installTime}`)
    await expect(main.getByRole('link', { name: `Call ${site.phone}` }).first()).toHaveAttribute('href', site.phoneHref)
  })

  for (const path of ['/epoxy', '/gallery']) {
    test(`Back to Home on ${path} goes to the home page`, async ({ page }) => {
      await page.goto(path)
      await page.getByRole('main').getByRole('link', { name: 'Back to Home' }).click()
      await expect(page).toHaveURL(/\/$/)
    })
  }

  test('Get Free Quote goes home and brings the quote form into view', async ({ page }) => {
    await page.goto('/epoxy')
    await page.getByRole('main').getByRole('link', { name: 'Get Free Quote' }).first().click()
    // Hydrated, the router goes to / and scrolls; before that, the browser follows /#quote-form.
    await expect(page).toHaveURL(/\/(#quote-form)?$/)
    await expect(page.locator('.quote-request-form').first()).toBeInViewport({ ratio: 0.5 })
  })

  test('Get Free Quote works on a phone too @mobile', async ({ page }) => {
    await page.goto('/epoxy')
    await page.getByRole('main').getByRole('link', { name: 'Get Free Quote' }).last().click()
    await expect(page).toHaveURL(/\/(#quote-form)?$/)
    await expect(page.locator('.quote-request-form').first()).toBeInViewport()
  })
})

test.describe('/contact', () => {
  test('cards link the phone and email and give the service area and hours, beside the quote form', async ({
    page,
  }) => {
    await page.goto('/contact')
    const main = page.getByRole('main')
    await expect(main.getByRole('link', { name: site.phone, exact: true })).toHaveAttribute('href', site.phoneHref)
    await expect(main.getByRole('link', { name: site.email, exact: true })).toHaveAttribute(
      'href',
      `mailto:${site.email}`,
    )
    await expect(main.getByRole('heading', { name: 'Service Area' })).toBeVisible()
    await expect(
      main.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Hours' }) }),
    ).toContainText(`Every day, ${site.hours.label}`)
    await expect(main.locator('.quote-request-form')).toBeVisible()
  })

  // Each city page answering 200: the city pages' own tests below.
  test('the grid links all 16 served areas to their city pages', async ({ page }) => {
    await page.goto('/contact')
    const links = page.getByRole('region', { name: 'Areas We Serve' }).getByRole('link')
    const found = await links.evaluateAll((nodes) => nodes.map((node) => [node.textContent, node.getAttribute('href')]))
    expect(found).toEqual(serviceAreas.map((area) => [area.name, `/city/${area.slug}`]))
  })
})

for (const city of cities) {
  test(`/city/${city.slug} answers 200 with its facts, local detail, a quote form, a call button, header and footer`, async ({
    page,
  }) => {
    expect((await page.goto(`/city/${city.slug}`))?.status()).toBe(200)
    await expect(page.getByRole('banner')).toBeVisible()
    await expect(page.getByRole('contentinfo')).toContainText('© 2025')
    await expect(page).toHaveTitle(city.seo.title)
    await expect(page.locator('meta[name=description]')).toHaveAttribute('content', city.seo.description)
    const main = page.getByRole('main')
    await expect(main.getByRole('heading', { level: 1 })).toHaveText(city.title)
    const facts = main.locator('dl')
    await expect(facts).toContainText(city.population)
    await expect(facts).toContainText(cityPageFacts.responseTime)
    await expect(facts).toContainText(cityPageFacts.rating)
    expect(cityPageFacts).toEqual({ responseTime: 'Same Day', rating: '5.0 Stars' })
    for (const item of [
      ...city.neighborhoods,
      ...city.landmarks,
      ...city.homeTypes,
      ...city.localConditions,
      ...city.reasons,
    ]) {
      await expect(main.getByText(item, { exact: true }).first(), item).toBeVisible()
    }
    for (const { serviceId, note } of city.commonServices) {
      await expect(main.getByRole('heading', { name: serviceById(serviceId).title, level: 3 })).toBeVisible()
      await expect(main.getByText(note, { exact: true }).first()).toBeVisible()
    }
    await expect(main.getByRole('heading', { name: `Get a Free Quote in ${city.name}` })).toBeVisible()
    const call = main.getByRole('link', { name: `Call ${site.phone}` })
    await expect(call.first()).toBeVisible()
    await expect(call.first()).toHaveAttribute('href', /^tel:\+1\d{10}$/)
  })
}

test.describe('without JavaScript @mobile', () => {
  test.use({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false })

  for (const { path, form } of [
    { path: '/city/folsom', form: 'Get a Free Quote in Folsom' },
    { path: '/services?tab=roof', form: `Get a Free ${serviceById('roof').title} Quote` },
  ]) {
    test(`Get a Free Quote on ${path} brings the quote form into view`, async ({ page }) => {
      await page.goto(path)
      const heading = page.getByRole('heading', { name: form })
      await expect(heading).not.toBeInViewport()
      await page.getByRole('main').getByText('Get a Free Quote', { exact: true }).click()
      await expect(heading).toBeInViewport()
      await expect(page.getByRole('textbox', { name: 'First Name' })).toBeInViewport()
    })
  }
})

test('a city page has one h1 and headings in order', async ({ page }) => {
  await page.goto('/city/folsom')
  const levels = await page
    .getByRole('main')
    .locator('h1, h2, h3, h4')
    .evaluateAll((nodes) => nodes.map((node) => Number(node.tagName[1])))
  expect(levels.filter((level) => level === 1)).toHaveLength(1)
  for (let i = 1; i < levels.length; i++) expect(levels[i]! - levels[i - 1]!).toBeLessThanOrEqual(1)
})

test.describe('/reviews', () => {
  test('the rating above the reviews is the average of the stars they show', async ({ page }) => {
    await page.goto('/reviews')
    const labels = await page
      .getByTestId('reviews-list')
      .getByRole('img', { name: /^Rated [1-5] out of 5 stars$/ })
      .evaluateAll((stars) => stars.map((star) => star.getAttribute('aria-label')!))
    expect(labels.length).toBeGreaterThan(0)
    const ratings = labels.map((label) => Number(/Rated (\d)/.exec(label)![1]))
    const average = (ratings.reduce((sum, rating) => sum + rating, 0) / ratings.length).toFixed(1)
    await expect(page.locator('main').getByText(/average from \d+ reviews?$/)).toHaveText(
      `${average} average from ${ratings.length} reviews`,
    )
  })

  test('reviews are in the server HTML and show without JavaScript', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL })
    const page = await context.newPage()
    await page.goto('/reviews')
    const reviews = page.getByTestId('reviews-list').getByRole('listitem')
    expect(await reviews.count()).toBeGreaterThan(0)
    await expect(reviews.first().getByRole('img', { name: /^Rated [1-5] out of 5 stars$/ })).toBeVisible()
    await expect(reviews.first().locator('blockquote')).not.toBeEmpty()
    await context.close()
  })

  test('without a configured widget there is no widget, no third-party request and no review structured data', async ({
    page,
    baseURL,
  }) => {
    const origins = new Set<string>()
    page.on('request', (request) => {
      const url = new URL(request.url())
      if (url.protocol.startsWith('http')) origins.add(url.origin)
    })
    await page.goto('/reviews')
    await expect(page.getByTestId('reviews-list').getByRole('listitem').first()).toBeVisible()
    // The widget would load once the page has settled (decision 014).
    await pageSettled(page)
    await expect(page.getByTestId('reviews-widget')).toHaveCount(0)
    await expect(page.locator('script[data-reviews-widget]')).toHaveCount(0)
    expect([...origins]).toEqual([new URL(baseURL!).origin])
    const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents()
    for (const block of jsonLd) expect(block).not.toMatch(/"(Review|AggregateRating)"/)
  })
})
