// images/** -> AVIF + WebP in public/img/, app/content/image-manifest.json, public/og-image.jpg; `--force`
// re-encodes all, `--json` prints a summary. Names hash source and settings: /img/* is immutable. The encoding
// itself is app/server/images/image-variants.server.ts, which the owner's posted work uses too.
import { existsSync } from 'node:fs'
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import sharp from 'sharp'
import {
  contentHash,
  decodeToRaw,
  encodeVariant,
  FORMATS,
  placeholderOf,
  widthsFor,
  type VariantFormat,
} from '../app/server/images/image-variants.server'

export { WIDTHS, widthsFor } from '../app/server/images/image-variants.server'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const OG = { width: 1200, height: 630, quality: 82 }

const SOURCE_EXT = new Set(['.jpg', '.jpeg', '.png', '.webp'])
const NAME_PATTERN = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_-]*)*$/
type Format = VariantFormat

interface ManifestEntry {
  width: number
  height: number
  hash: string
  widths: number[]
  placeholder: string
}
type Source = { file: string; bytes: Buffer; hash: string }
const TEMP_MARK = '.tmp-'

const args = new Set(process.argv.slice(2))
const force = args.has('--force')
const asJson = args.has('--json')

export const outputBase = (name: string) => name.replaceAll('/', '-')
export const outputFile = (name: string, hash: string, width: number, format: Format) =>
  `${outputBase(name)}.${hash}-${width}.${format}`

async function listSources(dir: string, prefix = ''): Promise<string[]> {
  if (!existsSync(dir)) return []
  const entries = await readdir(dir, { withFileTypes: true })
  const out: string[] = []
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    if (entry.name.startsWith('.')) continue
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name
    if (entry.isDirectory()) out.push(...(await listSources(path.join(dir, entry.name), rel)))
    else if (SOURCE_EXT.has(path.extname(entry.name).toLowerCase())) out.push(rel)
  }
  return out
}

/** Atomic write: a crashed or concurrent run never leaves a half-written file under the final name. */
async function writeAtomic(file: string, data: Buffer | string) {
  const tmp = `${file}${TEMP_MARK}${process.pid}-${Math.random().toString(36).slice(2, 8)}`
  await writeFile(tmp, data)
  await rename(tmp, file)
}

async function readJson(file: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(file, 'utf8'))
  } catch {
    return null
  }
}

async function pool<T>(items: T[], limit: number, fn: (item: T) => Promise<void>) {
  let next = 0
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await fn(items[next++]!)
  })
  await Promise.all(workers)
}

/** One line per image, sorted by name: short, stable diffs when the owner swaps a photo. */
function formatManifest(manifest: Record<string, ManifestEntry>) {
  const entry = (e: ManifestEntry) =>
    `{"width": ${e.width}, "height": ${e.height}, "hash": ${JSON.stringify(e.hash)}, "widths": [${e.widths.join(', ')}], "placeholder": ${JSON.stringify(e.placeholder)}}`
  const sorted = Object.entries(manifest).sort(([a], [b]) => (a < b ? -1 : 1))
  const lines = sorted.map(([name, e]) => `  ${JSON.stringify(name)}: ${entry(e)}`)
  return lines.length ? `{\n${lines.join(',\n')}\n}\n` : '{}\n'
}

/** `root` holds images/, public/ and app/content/: the repository, or a test's copy of it. */
export async function buildImages({ force: forceAll = false, root = ROOT } = {}) {
  const SOURCE_DIR = path.join(root, 'images')
  const OUT_DIR = path.join(root, 'public', 'img')
  const MANIFEST = path.join(root, 'app', 'content', 'image-manifest.json')
  const OG_IMAGE = path.join(root, 'public', 'og-image.jpg')
  const OG_STAMP = path.join(root, 'node_modules', '.cache', 'build-images', 'og-image.json')
  const started = performance.now()
  const stats = {
    images: 0,
    written: 0,
    removed: 0,
    encoded: 0,
    manifestChanged: false,
    ogWritten: false,
    warnings: [] as string[],
    ms: 0,
  }

  const previous = ((await readJson(MANIFEST)) ?? {}) as Record<string, Partial<ManifestEntry> | undefined>
  const files = await listSources(SOURCE_DIR)
  const sources = new Map<string, Source>()
  const bases = new Map<string, string>()
  for (const rel of files) {
    const name = rel.slice(0, -path.extname(rel).length)
    if (!NAME_PATTERN.test(name)) {
      stats.warnings.push(
        `skipped images/${rel}: names must be lowercase letters, digits, "-" or "_" (e.g. images/gallery/deck-02.jpg)`,
      )
      continue
    }
    if (sources.has(name))
      throw new Error(`Two sources for "${name}": images/${sources.get(name)!.file} and images/${rel}. Keep one.`)
    const base = outputBase(name)
    if (bases.has(base))
      throw new Error(`"${name}" and "${bases.get(base)}" would share output files (${base}.*). Rename one.`)
    bases.set(base, name)
    const bytes = await readFile(path.join(SOURCE_DIR, rel))
    const hash = contentHash(bytes, 8)
    sources.set(name, { file: rel, bytes, hash })
  }
  stats.images = sources.size

  await mkdir(OUT_DIR, { recursive: true })
  const existing = new Set(await readdir(OUT_DIR))
  const manifest: Record<string, ManifestEntry> = {}
  const expected = new Set<string>()
  const work: { name: string; src: Source; missing: Array<[number, Format]> | null }[] = []
  const missingOutputs = (name: string, hash: string, widths: number[]) => {
    const missing: Array<[number, Format]> = []
    for (const w of widths)
      for (const f of FORMATS) {
        const out = outputFile(name, hash, w, f)
        expected.add(out)
        if (forceAll || !existing.has(out)) missing.push([w, f])
      }
    return missing
  }

  for (const [name, src] of sources) {
    const prev = previous[name]
    const known = !forceAll && prev && prev.hash === src.hash && Array.isArray(prev.widths) && prev.widths.length > 0
    if (known) {
      // Only the entry's fields are written back (formatManifest).
      manifest[name] = prev as ManifestEntry
      const missing = missingOutputs(name, src.hash, prev.widths!)
      if (missing.length) work.push({ name, src, missing })
    } else {
      work.push({ name, src, missing: null })
    }
  }

  const concurrency = Math.max(1, Math.min(4, os.availableParallelism?.() ?? os.cpus().length))
  await pool(work, concurrency, async ({ name, src, missing }) => {
    const image = await decodeToRaw(src.bytes).catch((error: unknown) => {
      throw new Error(`Cannot read images/${src.file}: ${error instanceof Error ? error.message : error}`)
    })
    if (!missing) {
      const { width, height } = image.info
      const widths = widthsFor(width)
      manifest[name] = { width, height, hash: src.hash, widths, placeholder: await placeholderOf(image) }
      missing = missingOutputs(name, src.hash, widths)
    }
    for (const [w, f] of missing) {
      const buffer = await encodeVariant(image, w, f)
      await writeAtomic(path.join(OUT_DIR, outputFile(name, src.hash, w, f)), buffer)
      stats.encoded++
      stats.written++
    }
  })

  // stale outputs (and temp files left by a crashed run, once they are old enough not to belong to a live one)
  for (const file of existing) {
    if (expected.has(file)) continue
    const full = path.join(OUT_DIR, file)
    if (file.includes(TEMP_MARK) && Date.now() - (await stat(full)).mtimeMs < 10 * 60 * 1000) continue
    await rm(full, { recursive: true, force: true })
    stats.removed++
  }

  // manifest, only written when it changes
  const json = formatManifest(manifest)
  const current = existsSync(MANIFEST) ? await readFile(MANIFEST, 'utf8') : null
  if (json !== current) {
    await mkdir(path.dirname(MANIFEST), { recursive: true })
    await writeAtomic(MANIFEST, json)
    stats.manifestChanged = true
    stats.written++
  }

  // Open Graph image from the hero
  const hero = sources.get('hero')
  if (hero) {
    const stamp = (await readJson(OG_STAMP)) as { key?: string } | null
    const ogKey = `${hero.hash}:${OG.width}x${OG.height}q${OG.quality}`
    if (forceAll || !existsSync(OG_IMAGE) || stamp?.key !== ogKey) {
      const og = await sharp(hero.bytes)
        .autoOrient()
        .resize(OG.width, OG.height, { fit: 'cover', position: 'centre' })
        .toColourspace('srgb')
        .jpeg({ quality: OG.quality, mozjpeg: true })
        .toBuffer()
      await writeAtomic(OG_IMAGE, og)
      await mkdir(path.dirname(OG_STAMP), { recursive: true })
      await writeFile(OG_STAMP, JSON.stringify({ key: ogKey }) + '\n')
      stats.ogWritten = true
      stats.written++
    }
  } else {
    stats.warnings.push('no images/hero.* found: public/og-image.jpg not generated')
  }

  stats.ms = Math.round(performance.now() - started)
  return stats
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const stats = await buildImages({ force })
    for (const warning of stats.warnings) console.warn(`build-images: warning: ${warning}`)
    if (asJson) console.log(JSON.stringify(stats))
    else
      console.log(
        `build-images: ${stats.images} images, ${stats.written} files written (${stats.encoded} encoded${stats.manifestChanged ? ', manifest updated' : ''}${stats.ogWritten ? ', og-image' : ''}), ${stats.removed} removed, ${stats.ms} ms`,
      )
  } catch (error) {
    console.error(`build-images: ${error instanceof Error ? error.message : error}`)
    process.exit(1)
  }
}
