/**
 * The owner's posted work on the public pages of the production build (`npm run build` first): rows stored by
 * the upload's own write and one hidden as the inbox hides it, read by the site as the public. Only the HTML is
 * checked, so no photo files are written.
 */
import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import type { GalleryCategory } from '../../app/content/types'
import { storePostedWork } from '../../app/features/work/post-work.server'
import { setWorkPublished } from '../../app/features/work/posted-work.server'
import { startSiteProcess } from '../support/site-process'
import { migratedSiteData, useCleanup, useTempDirs, useTestSites } from './helpers'

const tempDir = useTempDirs()
const cleanup = useCleanup()
const testSite = useTestSites()
const SAMPLE_ALT = 'Sample before-and-after'

const shown = { alt: 'Before and after: driveway cleaning in Folsom, oil stains gone', hash: 'a1b2c3d4e5f60718' }
const hidden = { alt: 'Before and after: deck cleaning, hidden by the owner', hash: '0f1e2d3c4b5a6978' }

/** A data folder and database holding one published and one hidden job, as the inbox leaves them. */
async function dataWithPostedWork(): Promise<Record<string, string>> {
  const { dataDir, databaseUrl } = await migratedSiteData(await tempDir())
  const parts = await testSite({}, { dataDir, databaseUrl })
  const post = (category: GalleryCategory, city: 'folsom' | '', { alt, hash }: typeof shown) =>
    storePostedWork(
      parts.db,
      { id: randomUUID(), category, city, caption: 'Ninety minutes, one surface cleaner', alt, consent: 'yes' },
      { hash, width: 1600, height: 1000, widths: [320, 640, 960], placeholder: '#8a9b7c', files: [] },
      parts.files,
    )
  const hiddenJob = await post('Deck Cleaning', '', hidden)
  await post('Driveway Cleaning', 'folsom', shown)
  expect(await setWorkPublished(parts.db, hiddenJob.id, false)).toBe(true)
  // One process holds a data folder: the site's.
  await parts.close()
  return { DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) }
}

async function site(data: Record<string, string>, env: Record<string, string> = {}) {
  const running = await startSiteProcess({ ...data, HTML_CACHE_SECONDS: '0', ...env })
  cleanup.push(running.stop)
  return async (path: string) => {
    const response = await fetch(`${running.url}${path}`)
    expect(response.status, path).toBe(200)
    return response.text()
  }
}

describe('posted work on the public pages', { timeout: 120_000 }, () => {
  it('a published job shows in all four places with its files, and a city page only its own; a hidden one nowhere', async () => {
    const page = await site(await dataWithPostedWork())

    const gallery = await page('/gallery')
    expect(gallery).toContain(`alt="${shown.alt}"`)
    expect(gallery).toContain(`/work-photos/${shown.hash}-640.avif 640w`)
    expect(gallery).toContain('Ninety minutes, one surface cleaner')
    expect(gallery).toContain(SAMPLE_ALT)
    expect(gallery).not.toContain(hidden.alt)
    expect(gallery).not.toContain(hidden.hash)

    for (const path of ['/', '/services?tab=driveway', '/city/folsom']) {
      const html = await page(path)
      expect(html, path).toContain(`alt="${shown.alt}"`)
      expect(html, path).not.toContain(hidden.alt)
    }
    expect(await page('/services?tab=deck-fence')).not.toContain(hidden.alt)
    // A city page has its "Recent work" section only with work posted for that town.
    expect(await page('/city/folsom')).toContain('Recent work in Folsom')
    const roseville = await page('/city/roseville')
    expect(roseville).toContain('Roseville')
    expect(roseville).not.toContain('Recent work in')
    expect(roseville).not.toContain(shown.alt)
  })

  it('GALLERY_SAMPLES=off leaves no sample photo in any of the four places', async () => {
    const page = await site(await dataWithPostedWork(), { GALLERY_SAMPLES: 'off' })
    for (const path of ['/gallery', '/', '/services?tab=driveway', '/city/folsom']) {
      const html = await page(path)
      expect(html, path).toContain(`alt="${shown.alt}"`)
      expect(html, path).not.toContain(SAMPLE_ALT)
      expect(html, path).not.toContain('/img/gallery-')
    }
  })

  it('with samples off and nothing posted, the gallery says photos are coming and the home keeps its section', async () => {
    const page = await site({ DATA_DIR: await tempDir() }, { GALLERY_SAMPLES: 'off' })
    const gallery = await page('/gallery')
    expect(gallery).toContain('Photos of our latest jobs are on their way')
    expect(gallery).not.toContain(SAMPLE_ALT)
    const home = await page('/')
    expect(home).toContain('id="gallery"')
    expect(home).not.toContain(SAMPLE_ALT)
  })
})
