import { execFile } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  getImage,
  imagePreloadLink,
  imageSrcSet,
  imageUrl,
  ResponsiveImage,
  type ImageEntry,
} from '../app/components/ui/responsive-image'
import { gallery, galleryForService, homeGallery } from '../app/content/gallery'
import { galleryCategories, serviceIds } from '../app/content/types'

const root = fileURLToPath(new URL('..', import.meta.url))
const outDir = path.join(root, 'public', 'img')
const manifestFile = path.join(root, 'app', 'content', 'image-manifest.json')
const readManifest = (): Record<string, ImageEntry> => JSON.parse(readFileSync(manifestFile, 'utf8'))

/** What `scripts/build-images.ts --json` reports on its last line. */
type RunStats = Record<'images' | 'written' | 'encoded' | 'removed' | 'ms', number> &
  Record<'manifestChanged' | 'ogWritten', boolean>

async function runPipeline(): Promise<RunStats> {
  const args = ['--import', 'tsx', 'scripts/build-images.ts', '--json']
  const { stdout } = await promisify(execFile)(process.execPath, args, { cwd: root, maxBuffer: 16 * 1024 * 1024 })
  return JSON.parse(stdout.trim().split('\n').pop() ?? '') as RunStats
}

describe('gallery content', () => {
  // 24 on /gallery, 4 on the home page, 3 on each service tab: e2e/gallery.spec.ts, home.spec.ts and pages.spec.ts.
  it('puts its first 4 images on the home page, and each image once', () => {
    expect(homeGallery).toEqual(gallery.slice(0, 4))
    expect(new Set(gallery.map((image) => image.src)).size).toBe(gallery.length)
  })

  it('uses only known categories, each at least twice', () => {
    const known: readonly string[] = galleryCategories
    for (const image of gallery) expect(known).toContain(image.category)
    for (const category of galleryCategories) {
      expect(gallery.filter((image) => image.category === category).length, category).toBeGreaterThanOrEqual(2)
    }
  })

  it('gives every image a service, and files roof and gutter ones under House Washing', () => {
    for (const id of ['roof', 'gutter'] as const) {
      for (const image of galleryForService(id)) expect(image.category).toBe('House Washing')
    }
    expect(gallery.every((image) => image.serviceId !== undefined)).toBe(true)
  })

  it('has specific, honest alt texts', () => {
    for (const image of gallery) {
      expect(image.alt, image.src).toMatch(/^Sample before-and-after: /)
      expect(image.alt.length, image.src).toBeGreaterThan(50)
    }
    expect(new Set(gallery.map((image) => image.alt)).size).toBe(gallery.length)
  })
})

describe('image manifest', () => {
  const manifest = readManifest()

  it('lists every gallery image, every service image, the epoxy image and the hero', () => {
    const names = [
      ...gallery.map((image) => image.src),
      ...serviceIds.map((id) => `services/${id}`),
      'services/epoxy',
      'hero',
    ]
    for (const name of names) expect(manifest, name).toHaveProperty([name])
  })

  it('describes each image consistently', () => {
    for (const [name, entry] of Object.entries(manifest)) {
      expect(entry.hash, name).toMatch(/^[0-9a-f]{8}$/)
      expect(entry.placeholder, name).toMatch(/^#[0-9a-f]{6}$/)
      expect(entry.width, name).toBeGreaterThan(0)
      expect(entry.height, name).toBeGreaterThan(0)
      expect(entry.widths.length, name).toBeGreaterThan(0)
      const ascending = [...entry.widths].sort((a, b) => a - b)
      expect(ascending, name).toEqual(entry.widths)
      for (const w of entry.widths) expect(w, name).toBeLessThanOrEqual(entry.width)
    }
  })

  it('has a source file for every entry', () => {
    for (const name of Object.keys(manifest)) {
      const found = ['.jpg', '.jpeg', '.png', '.webp'].some((ext) => existsSync(path.join(root, 'images', name + ext)))
      expect(found, name).toBe(true)
    }
  })
})

describe('build-images pipeline', () => {
  let first: RunStats

  beforeAll(async () => {
    first = await runPipeline()
  }, 600_000)

  it('emits AVIF and WebP for every width in the manifest', async () => {
    const manifest = readManifest()
    expect(first.images).toBe(Object.keys(manifest).length)
    const files = new Set(readdirSync(outDir))
    for (const [name, entry] of Object.entries(manifest)) {
      for (const w of entry.widths) {
        for (const format of ['avif', 'webp'] as const) {
          const file = imageUrl(name, w, format).replace('/img/', '')
          expect(files.has(file), file).toBe(true)
        }
      }
    }
    // nothing else (stale outputs are removed)
    const expected = Object.values(manifest).reduce((sum, entry) => sum + entry.widths.length * 2, 0)
    expect([...files].filter((f) => !f.includes('.tmp-'))).toHaveLength(expected)
  })

  it('writes files that decode to the advertised width and aspect ratio', async () => {
    const entry = getImage('gallery/driveway-01')
    const w = entry.widths[0] ?? 0
    for (const format of ['avif', 'webp'] as const) {
      const meta = await sharp(path.join(root, 'public', imageUrl('gallery/driveway-01', w, format))).metadata()
      expect(meta.width).toBe(w)
      expect(meta.height).toBe(Math.round((w * entry.height) / entry.width))
    }
  })

  it('emits a 1200x630 Open Graph image', async () => {
    const meta = await sharp(path.join(root, 'public', 'og-image.jpg')).metadata()
    expect([meta.width, meta.height, meta.format]).toEqual([1200, 630, 'jpeg'])
  })

  it('writes nothing when run again (idempotent)', async () => {
    const before = new Map(readdirSync(outDir).map((f) => [f, statSync(path.join(outDir, f)).mtimeMs]))
    const manifestBefore = statSync(manifestFile).mtimeMs
    const second = await runPipeline()
    expect(second).toMatchObject({ written: 0, encoded: 0, removed: 0, manifestChanged: false, ogWritten: false })
    const after = new Map(readdirSync(outDir).map((f) => [f, statSync(path.join(outDir, f)).mtimeMs]))
    expect(after).toEqual(before)
    expect(statSync(manifestFile).mtimeMs).toBe(manifestBefore)
  }, 120_000)
})

describe('ResponsiveImage', () => {
  const entry = getImage('gallery/driveway-01')

  it('renders <picture> with AVIF and WebP sources, intrinsic size and lazy loading', () => {
    const html = renderToString(
      createElement(ResponsiveImage, {
        name: 'gallery/driveway-01',
        alt: 'Driveway sample',
        sizes: '(min-width: 1024px) 33vw, 100vw',
        className: 'h-auto w-full',
      }),
    )
    expect(html).toMatch(/^<picture/)
    expect(html).toContain('type="image/avif"')
    expect(html).toContain('type="image/webp"')
    expect(html).toContain(`srcSet="${imageSrcSet('gallery/driveway-01', 'avif')}"`)
    expect(html).toContain(`srcSet="${imageSrcSet('gallery/driveway-01', 'webp')}"`)
    expect(html.match(/sizes="\(min-width: 1024px\) 33vw, 100vw"/g)).toHaveLength(2)
    expect(html).toContain(`width="${entry.width}"`)
    expect(html).toContain(`height="${entry.height}"`)
    expect(html).toContain('loading="lazy"')
    expect(html).toContain('decoding="async"')
    expect(html).not.toMatch(/fetchpriority|data-page-photo/i)
    expect(html).toContain('alt="Driveway sample"')
    expect(html).toContain('class="h-auto w-full"')
    expect(html).toContain(`background-color:${entry.placeholder}`)
    const middle = entry.widths[Math.floor(entry.widths.length / 2)] ?? 0
    expect(html).toContain(`src="${imageUrl('gallery/driveway-01', middle, 'webp')}"`)
  })

  it('loads eagerly with high fetch priority when priority is set', () => {
    const html = renderToString(createElement(ResponsiveImage, { name: 'hero', alt: '', priority: true }))
    expect(html).toContain('loading="eager"')
    expect(html).toMatch(/fetchpriority="high"/i)
    expect(html).not.toContain('loading="lazy"')
    expect(html).not.toContain('decoding="async"')
    expect(html).toContain('sizes="100vw"')
    expect(html).toContain('data-page-photo=""')
  })

  it('with priorityMedia, loads lazily without a fetch priority, still marked as the page photo', () => {
    const html = renderToString(
      createElement(ResponsiveImage, { name: 'hero', alt: '', priority: true, priorityMedia: '(min-width: 1024px)' }),
    )
    const img = html.match(/<img[^>]*>/)?.[0] ?? ''
    expect(img).toContain('loading="lazy"')
    expect(img).not.toMatch(/fetchpriority/i)
    expect(img).toContain('data-page-photo=""')
    // The preload, high priority, applies on the screens where the photo is in the first view.
    expect(html).toMatch(/<link rel="preload"[^>]*media="\(min-width: 1024px\)"/)
    expect(imagePreloadLink('hero', '100vw', 'avif', '(min-width: 1024px)')).toMatchObject({
      fetchPriority: 'high',
      media: '(min-width: 1024px)',
    })
  })

  it('fails loudly for an unknown image', () => {
    expect(() => renderToString(createElement(ResponsiveImage, { name: 'gallery/nope', alt: '' }))).toThrow(
      /Unknown image "gallery\/nope"/,
    )
    expect(() => imageSrcSet('nope', 'webp')).toThrow(/Unknown image/)
    expect(() => imageUrl('nope', 640)).toThrow(/Unknown image/)
  })
})

describe('image URL helpers', () => {
  it('builds hashed URLs and srcsets from the manifest', () => {
    const entry = getImage('services/roof')
    expect(imageUrl('services/roof', 640, 'avif')).toBe(`/img/services-roof.${entry.hash}-640.avif`)
    expect(imageSrcSet('services/roof', 'webp').split(', ')).toEqual(
      entry.widths.map((w) => `/img/services-roof.${entry.hash}-${w}.webp ${w}w`),
    )
  })

  it('picks the smallest rendition at least as wide as asked, else the largest', () => {
    const entry = getImage('hero')
    const largest = entry.widths[entry.widths.length - 1]
    expect(imageUrl('hero', 600)).toContain(`-640.webp`)
    expect(imageUrl('hero', 100_000)).toContain(`-${largest}.webp`)
  })

  it('describes a preload link for the LCP image', () => {
    expect(imagePreloadLink('hero', '100vw')).toEqual({
      rel: 'preload',
      as: 'image',
      type: 'image/avif',
      imageSrcSet: imageSrcSet('hero', 'avif'),
      imageSizes: '100vw',
      fetchPriority: 'high',
    })
  })
})
