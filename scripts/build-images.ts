// images/** -> AVIF + WebP in public/img/, app/content/image-manifest.json, public/og-image.jpg; `--force`
// re-encodes all, `--json` prints a summary. Names hash source and settings: /img/* is immutable. The encoding
// itself is app/platform/images/image-variants.server.ts, which the owner's posted work uses too.
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import sharp from 'sharp'
import type { ImageEntry } from '../app/components/ui/responsive-image'
import { contentHash, decodeToRaw, encodeVariant, FORMATS } from '../app/platform/images/image-variants.server'
import { placeholderOf, widthsFor, type VariantFormat } from '../app/platform/images/image-variants.server'

const OG = { width: 1200, height: 630, quality: 82 }
const SOURCE_EXT = /\.(jpe?g|png|webp)$/i
const NAME_PATTERN = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_-]*)*$/
const TEMP_MARK = '.tmp-'

type Source = { file: string; bytes: Buffer; hash: string }

const outputBase = (name: string) => name.replaceAll('/', '-')
const outputFile = (name: string, hash: string, width: number, format: VariantFormat) =>
  `${outputBase(name)}.${hash}-${width}.${format}`

/** Atomic write: a crashed or concurrent run never leaves a half-written file under the final name. */
async function writeAtomic(file: string, data: Buffer | string) {
  const tmp = `${file}${TEMP_MARK}${process.pid}-${Math.random().toString(36).slice(2, 8)}`
  await writeFile(tmp, data)
  await rename(tmp, file)
}

const readText = (file: string) => readFile(file, 'utf8').catch(() => null)
const readJson = async (file: string): Promise<unknown> => JSON.parse((await readText(file)) ?? 'null')

/** One line per image, sorted by name: short, stable diffs when the owner swaps a photo. */
function formatManifest(manifest: Record<string, ImageEntry>) {
  const entry = (e: ImageEntry) =>
    `{"width": ${e.width}, "height": ${e.height}, "hash": ${JSON.stringify(e.hash)}, "widths": [${e.widths.join(', ')}], "placeholder": ${JSON.stringify(e.placeholder)}}`
  const sorted = Object.entries(manifest).sort(([a], [b]) => (a < b ? -1 : 1))
  const lines = sorted.map(([name, e]) => `  ${JSON.stringify(name)}: ${entry(e)}`)
  return lines.length ? `{\n${lines.join(',\n')}\n}\n` : '{}\n'
}

/** `root` holds images/, public/ and app/content/: the repository, or a test's copy of it. */
export async function buildImages({ force = false, root = path.resolve(import.meta.dirname, '..') } = {}) {
  const sourceDir = path.join(root, 'images')
  const outDir = path.join(root, 'public', 'img')
  const manifestFile = path.join(root, 'app', 'content', 'image-manifest.json')
  const ogImage = path.join(root, 'public', 'og-image.jpg')
  const ogStamp = path.join(root, 'node_modules', '.cache', 'build-images', 'og-image.json')
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

  const previous = ((await readJson(manifestFile)) ?? {}) as Record<string, Partial<ImageEntry> | undefined>
  const files = (await readdir(sourceDir, { recursive: true }).catch(() => [] as string[]))
    .filter((rel) => SOURCE_EXT.test(rel) && !rel.split(path.sep).some((part) => part.startsWith('.')))
    .sort((a, b) => a.localeCompare(b))
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
    const bytes = await readFile(path.join(sourceDir, rel))
    sources.set(name, { file: rel, bytes, hash: contentHash(bytes, 8) })
  }
  stats.images = sources.size

  await mkdir(outDir, { recursive: true })
  const existing = new Set(await readdir(outDir))
  const manifest: Record<string, ImageEntry> = {}
  const expected = new Set<string>()
  const missingOutputs = (name: string, hash: string, widths: number[]) =>
    widths.flatMap((width) =>
      FORMATS.map((format) => {
        const out = outputFile(name, hash, width, format)
        expected.add(out)
        return { width, format, missing: force || !existing.has(out) }
      }).filter((output) => output.missing),
    )
  // A source whose hash the manifest already has keeps its entry (only its fields are written back).
  const work = [...sources].map(([name, src]) => {
    const prev = previous[name]
    const known = !force && prev?.hash === src.hash && prev.widths?.length ? (prev as ImageEntry) : undefined
    if (known) manifest[name] = known
    return { name, src, missing: known ? missingOutputs(name, src.hash, known.widths) : null }
  })

  const encode = async ({ name, src, missing }: (typeof work)[number]) => {
    if (missing?.length === 0) return
    const image = await decodeToRaw(src.bytes).catch((error: unknown) => {
      throw new Error(`Cannot read images/${src.file}: ${error instanceof Error ? error.message : error}`)
    })
    if (!missing) {
      const { width, height } = image.info
      const widths = widthsFor(width)
      manifest[name] = { width, height, hash: src.hash, widths, placeholder: await placeholderOf(image) }
    }
    for (const { width, format } of missing ?? missingOutputs(name, src.hash, manifest[name]!.widths)) {
      await writeAtomic(
        path.join(outDir, outputFile(name, src.hash, width, format)),
        await encodeVariant(image, width, format),
      )
      stats.encoded++
    }
  }
  await Readable.from(work).forEach(encode, { concurrency: Math.max(1, Math.min(4, os.availableParallelism())) })

  // Stale outputs, and temp files left by a crashed run once they are old enough not to belong to a live one.
  for (const file of existing) {
    if (expected.has(file)) continue
    const full = path.join(outDir, file)
    if (file.includes(TEMP_MARK) && Date.now() - (await stat(full)).mtimeMs < 10 * 60 * 1000) continue
    await rm(full, { recursive: true, force: true })
    stats.removed++
  }

  // The manifest, only written when it changes.
  const json = formatManifest(manifest)
  if (json !== (await readText(manifestFile))) {
    await mkdir(path.dirname(manifestFile), { recursive: true })
    await writeAtomic(manifestFile, json)
    stats.manifestChanged = true
  }

  // The Open Graph image, from the hero.
  const hero = sources.get('hero')
  const ogKey = hero && `${hero.hash}:${OG.width}x${OG.height}q${OG.quality}`
  if (!hero) stats.warnings.push('no images/hero.* found: public/og-image.jpg not generated')
  else if (
    force ||
    !(await stat(ogImage).catch(() => null)) ||
    ((await readJson(ogStamp)) as { key?: string } | null)?.key !== ogKey
  ) {
    const og = await sharp(hero.bytes)
      .autoOrient()
      .resize(OG.width, OG.height, { fit: 'cover', position: 'centre' })
      .toColourspace('srgb')
      .jpeg({ quality: OG.quality, mozjpeg: true })
      .toBuffer()
    await writeAtomic(ogImage, og)
    await mkdir(path.dirname(ogStamp), { recursive: true })
    await writeFile(ogStamp, JSON.stringify({ key: ogKey }) + '\n')
    stats.ogWritten = true
  }

  stats.written = stats.encoded + Number(stats.manifestChanged) + Number(stats.ogWritten)
  stats.ms = Math.round(performance.now() - started)
  return stats
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  try {
    const stats = await buildImages({ force: process.argv.includes('--force') })
    for (const warning of stats.warnings) console.warn(`build-images: warning: ${warning}`)
    if (process.argv.includes('--json')) console.log(JSON.stringify(stats))
    else
      console.log(
        `build-images: ${stats.images} images, ${stats.written} files written (${stats.encoded} encoded${stats.manifestChanged ? ', manifest updated' : ''}${stats.ogWritten ? ', og-image' : ''}), ${stats.removed} removed, ${stats.ms} ms`,
      )
  } catch (error) {
    console.error(`build-images: ${error instanceof Error ? error.message : error}`)
    process.exit(1)
  }
}
