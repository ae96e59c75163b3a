import { execFileSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from './support/test'
import { sitePages } from '~/content/site-pages'
import { DEFAULT_SERVICE_TAB } from '~/content/types'
import { serviceAreas } from '~/content/service-areas'
import { services } from '~/content/services'
import { site } from '~/content/site'
import { homeBreadcrumbName } from '~/content/pages'

// The default tab's canonical is the bare /services, so it is not a page of its own.
const indexedPages = [
  ...sitePages.map((page) => page.path),
  ...services.filter((s) => s.id !== DEFAULT_SERVICE_TAB).map((s) => `/services?tab=${s.id}`),
]

test('every page has its own title, description, absolute canonical and Open Graph tags', async ({ request }) => {
  const seen = {
    title: new Map<string, string>(),
    description: new Map<string, string>(),
    canonical: new Map<string, string>(),
  }
  for (const path of indexedPages) {
    const html = await (await request.get(path)).text()
    const title = html.match(/<title>([^<]+)<\/title>/)?.[1]
    const description = html.match(/<meta name="description" content="([^"]+)"/)?.[1]
    const canonical = html.match(/<link rel="canonical" href="([^"]+)"/)?.[1]
    expect(title, `${path} title`).toBeTruthy()
    expect(description, `${path} description`).toBeTruthy()
    expect(canonical, `${path} canonical`).toBe(`${site.baseUrl}${path}`)
    expect(html, `${path} og:title`).toContain(`<meta property="og:title" content="${title}"`)
    expect(html).toContain(`<meta property="og:url" content="${canonical}"`)
    expect(html).toMatch(/<meta property="og:image" content="https?:\/\/[^"]+"/)
    for (const [key, value] of [
      ['title', title!],
      ['description', description!],
      ['canonical', canonical!],
    ] as const) {
      const previous = seen[key].get(value)
      expect(previous, `${path} shares its ${key} with ${previous}`).toBeUndefined()
      seen[key].set(value, path)
    }
  }
})

test('the 404 page is not indexable and has no canonical', async ({ request }) => {
  const html = await (await request.get('/nope')).text()
  expect(html).toContain('<meta name="robots" content="noindex"')
  expect(html).not.toContain('rel="canonical"')
})

test('home page JSON-LD describes the local business and a breadcrumb Google can use', async ({ page }) => {
  await page.goto('/')
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents()
  const data = blocks.map((text) => JSON.parse(text) as Record<string, unknown>)
  const business = data.find((d) => d['@type'] === 'HomeAndConstructionBusiness') as Record<string, any>
  expect(business).toBeDefined()
  expect(business.name).toBe(site.name)
  expect(business.telephone).toBe(site.phoneHref.replace('tel:', ''))
  expect(business.email).toBe(site.email)
  expect(business.address).toMatchObject({
    '@type': 'PostalAddress',
    streetAddress: site.address.street,
    addressLocality: 'Sacramento',
    addressRegion: 'CA',
  })
  expect(business.openingHoursSpecification[0]).toMatchObject({ opens: '07:00', closes: '19:00' })
  expect(business.openingHoursSpecification[0].dayOfWeek).toHaveLength(7)
  const cityNames = business.areaServed.filter((a: any) => a['@type'] === 'City').map((a: any) => a.name)
  expect(cityNames).toEqual(serviceAreas.map((a) => `${a.name}, CA`))
  expect(business.areaServed.find((a: any) => a['@type'] === 'GeoCircle').geoRadius).toBe(50000)
  expect(business.sameAs).toEqual(Object.values(site.social))
  expect(business.aggregateRating).toBeUndefined()
  // Google ignores a breadcrumb of one item: Home, then the page itself (no link needed for the last).
  const breadcrumb = data.find((d) => d['@type'] === 'BreadcrumbList') as Record<string, any>
  expect(breadcrumb.itemListElement).toEqual([
    { '@type': 'ListItem', position: 1, name: 'Home', item: `${site.baseUrl}/` },
    { '@type': 'ListItem', position: 2, name: homeBreadcrumbName },
  ])
})

test('city pages carry breadcrumb JSON-LD naming the city', async ({ request }) => {
  const html = await (await request.get('/city/folsom')).text()
  const json = html.match(/<script type="application\/ld\+json"[^>]*>([^<]+)<\/script>/)?.[1]
  const breadcrumb = JSON.parse(json!)
  expect(breadcrumb['@type']).toBe('BreadcrumbList')
  expect(breadcrumb.itemListElement[0]).toMatchObject({ position: 1, name: 'Home', item: `${site.baseUrl}/` })
  expect(breadcrumb.itemListElement.at(-1)).toMatchObject({ name: 'Folsom', item: `${site.baseUrl}/city/folsom` })
})

test('sitemap.xml lists exactly the documented URL set with its priorities and validates against the schema', async ({
  request,
}) => {
  const response = await request.get('/sitemap.xml')
  expect(response.status()).toBe(200)
  expect(response.headers()['content-type']).toMatch(/^application\/xml/)
  const xml = await response.text()
  const entries = [...xml.matchAll(/<url>\s*<loc>([^<]+)<\/loc>\s*<priority>([^<]+)<\/priority>\s*<\/url>/g)].map(
    ([, loc, priority]) => [loc, priority],
  )
  const expected = [
    ['/', '1.0'],
    ['/services', '0.9'],
    ['/contact', '0.9'],
    ['/gallery', '0.8'],
    ['/reviews', '0.8'],
    ['/epoxy', '0.7'],
    ...serviceAreas.map((a) => [`/city/${a.slug}`, '0.7']),
    ...serviceAreas.map((a) => [`/${a.slug}-pressure-washing`, '0.6']),
  ].map(([path, priority]) => [`${site.baseUrl}${path}`, priority])
  expect(entries.sort()).toEqual(expected.sort())
  expect(entries).toHaveLength(6 + 16 + 16)

  const dir = mkdtempSync(join(tmpdir(), 'sitemap-'))
  const file = join(dir, 'sitemap.xml')
  writeFileSync(file, xml)
  // xmllint exits non-zero (and the test fails) if the XML is malformed or breaks the sitemaps.org schema.
  execFileSync('xmllint', ['--noout', '--schema', 'tests/fixtures/sitemap-0.9.xsd', file], { stdio: 'pipe' })
})

test('robots.txt allows crawling and points at the sitemap', async ({ request }) => {
  const text = await (await request.get('/robots.txt')).text()
  expect(text).toContain('User-agent: *')
  expect(text).toContain(`Sitemap: ${site.baseUrl}/sitemap.xml`)
})
