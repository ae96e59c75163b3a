/**
 * A job the owner posts from his phone shows where the site shows work (docs/decisions/049-posted-work.md):
 * /gallery, the home page's four, the service tab's three and the city's "Recent work in Folsom", on the production
 * build. A deleted job gone from the very next visit is e2e/posted-work-owner.spec.ts's; from every place, and its
 * files with it, and no EXIF or GPS in any variant, tests/server/posted-work-pages.test.ts's and posted-work.test.ts's.
 */
import { POSTED_WORK_BASE_URL, suggestedAlt } from '~/features/work/posted-work'
import { postWork, signInOwner, startOwnerServer } from './support/owner'
import { expect, test, type Locator, type Page } from './support/test'

test.use({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true })

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

test('a posted job shows on the gallery, home, service and city pages @mobile', async ({ page }) => {
  test.setTimeout(240_000)
  const server = await startOwnerServer()

  // Each page is stored once before the post, so the post must replace stored pages, not fill empty ones.
  for (const place of places) await page.goto(`${server.url}${place.path}`)
  await expect(places[3]!.region(page)).toHaveCount(0)

  await test.step('the owner posts the pair from the inbox', async () => {
    await signInOwner(page, server)
    // The upload's address opened in a browser leads to the form, not to an empty page.
    const opened = await page.request.get(`${server.url}/owner/work`, { maxRedirects: 0 })
    expect([opened.status(), opened.headers()['location']]).toEqual([303, '/owner?view=work'])
    await postWork(page, server, { category: 'Driveway Cleaning', city: 'folsom', alt: ALT })
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
})
