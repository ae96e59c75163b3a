/**
 * A job the owner posts from his phone shows where the site shows work, and goes when he deletes it
 * (docs/decisions/049-posted-work.md): /gallery, the home page's four, the service tab's three and the city's
 * "Recent work in Folsom", on the production build. That no stored or served variant carries EXIF or GPS, and
 * that a deleted job's files go, are tests/server/posted-work.test.ts's, in both file stores.
 */
import { POSTED_WORK_BASE_URL, suggestedAlt } from '~/features/work/posted-work'
import { WORK_TEXTS } from '~/features/work/posted-work-form'
import { signInOwner, startOwnerServer } from './support/owner'
import { phonePhoto } from './support/photo'
import { expect, test, type Locator, type Page } from './support/test'

test.use({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true })

const HTML_CACHE_SECONDS = 5
const ALT = suggestedAlt('Driveway Cleaning', 'folsom')

/** The four places, each as the part of its page that shows work. */
const places: { name: string; path: string; region: (page: Page) => Locator }[] = [
  { name: '/gallery', path: '/gallery', region: (page) => page.locator('#gallery-grid') },
  { name: "the home page's four", path: '/', region: (page) => page.locator('#gallery ul').first() },
  {
    name: "/services?tab=driveway's three",
    path: '/services?tab=driveway',
    region: (page) => page.locator('section[aria-labelledby="service-gallery-heading"]'),
  },
  {
    name: "/city/folsom's recent work",
    path: '/city/folsom',
    region: (page) => page.locator('section[aria-labelledby="city-work-heading"]'),
  },
]

/** The job's photo in a place, scrolled to and painted (its file decoded), as a visitor sees it. */
async function expectPainted(page: Page, region: Locator) {
  const photo = region.getByRole('img', { name: ALT })
  await expect(photo).toHaveCount(1)
  await photo.scrollIntoViewIfNeeded()
  await expect
    .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0)
  const src = await photo.evaluate((img: HTMLImageElement) => img.currentSrc)
  expect(new URL(src).pathname.startsWith(POSTED_WORK_BASE_URL)).toBe(true)
}

test('a posted job shows on the gallery, home, service and city pages, and goes when deleted @mobile', async ({
  page,
}) => {
  test.setTimeout(240_000)
  const server = await startOwnerServer({ HTML_CACHE_SECONDS: String(HTML_CACHE_SECONDS) })
  const [before, after] = await Promise.all([phonePhoto('#4a3f35', '#1c1c1c'), phonePhoto('#c9c4ba', '#e8e6e0')])

  // Each page is stored once before the post, so the post must replace stored pages, not fill empty ones.
  for (const place of places) await page.goto(`${server.url}${place.path}`)
  await expect(places[3]!.region(page)).toHaveCount(0)

  await test.step('the owner posts the pair from the inbox on his phone', async () => {
    await signInOwner(page, server)
    // The upload's address opened in a browser leads to the form, not to an empty page.
    const opened = await page.request.get(`${server.url}/owner/work`, { maxRedirects: 0 })
    expect([opened.status(), opened.headers()['location']]).toEqual([303, '/owner?view=work'])
    await page.getByRole('link', { name: WORK_TEXTS.tab }).click()
    const form = page.getByRole('form', { name: WORK_TEXTS.heading })
    await form
      .getByLabel(WORK_TEXTS.before)
      .setInputFiles({ name: 'IMG_0001.jpg', mimeType: 'image/jpeg', buffer: before })
    await form
      .getByLabel(WORK_TEXTS.after)
      .setInputFiles({ name: 'IMG_0002.jpg', mimeType: 'image/jpeg', buffer: after })
    await form.getByLabel(WORK_TEXTS.category).selectOption('Driveway Cleaning')
    await form.getByLabel(WORK_TEXTS.city).selectOption('folsom')
    await expect(form.getByLabel(WORK_TEXTS.alt)).toHaveValue(ALT)
    await form.getByLabel(WORK_TEXTS.consent).check()
    await form.getByRole('button', { name: WORK_TEXTS.post }).click()
    await expect(form.getByRole('status').filter({ hasText: WORK_TEXTS.posted })).toBeVisible({ timeout: 60_000 })
  })

  for (const place of places)
    await test.step(`it shows on ${place.name}`, async () => {
      await page.goto(`${server.url}${place.path}`)
      await expectPainted(page, place.region(page))
    })

  await test.step('it comes first among the home page’s four', async () => {
    await page.goto(`${server.url}/`)
    const four = places[1]!.region(page).getByRole('img')
    await expect(four).toHaveCount(4)
    await expect(four.first()).toHaveAccessibleName(ALT)
  })

  await test.step('deleting it takes it off all four places', async () => {
    await page.goto(`${server.url}/owner?view=work`)
    const job = page
      .getByRole('list', { name: `${WORK_TEXTS.listHeading}, newest first` })
      .getByRole('listitem')
      .filter({ hasText: 'Driveway Cleaning · Folsom' })
    await job.getByRole('button', { name: WORK_TEXTS.delete }).click()
    await page
      .getByRole('dialog', { name: WORK_TEXTS.deleteQuestion })
      .getByRole('button', { name: WORK_TEXTS.deleteConfirm })
      .click()
    await expect(page.getByText(WORK_TEXTS.listEmpty)).toBeVisible()

    for (const place of places) {
      // Within the stored page's freshness: each page is fetched anew until it no longer names the job.
      await expect
        .poll(async () => (await page.request.get(`${server.url}${place.path}`)).text(), {
          timeout: HTML_CACHE_SECONDS * 1000 + 2000,
        })
        .not.toContain(ALT)
      await page.goto(`${server.url}${place.path}`)
      // Rendered (a positive signal), then the job is absent.
      await expect(page.locator('main')).toBeVisible()
      await expect(page.getByRole('img', { name: ALT })).toHaveCount(0)
    }
    await expect(places[3]!.region(page)).toHaveCount(0)
  })
})
