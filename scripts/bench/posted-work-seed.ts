// A data folder holding `count` posted jobs, for benches of pages full of the owner's photos. Each job's two
// photos are the halves of a sample frame, shifted per job so every job is its own frame and its own files.
import { randomUUID } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import sharp from 'sharp'
import { galleryCategories } from '../../app/content/types'
import { citySlugs } from '../../app/content/service-areas'
import { suggestedAlt } from '../../app/lib/posted-work/posted-work'
import { createBackend } from '../../app/server/backend/backend.server'
import { parseRuntimeConfig } from '../../app/server/config.server'
import { composeBeforeAfter, decodeToRaw, encodeVariants } from '../../app/server/images/image-variants.server'
import { storePostedWork } from '../../app/server/work/post-work.server'

async function halves(file: string, shift: number) {
  const image = sharp(readFileSync(file))
  const { width = 0, height = 0 } = await image.metadata()
  const half = Math.floor(width / 2) - 40
  const cut = (left: number) =>
    sharp(readFileSync(file))
      .extract({ left: left + (shift % 40), top: shift % 30, width: half, height: height - 30 })
      .png()
      .toBuffer()
  return Promise.all([cut(0), cut(Math.floor(width / 2))])
}

export async function seedPostedWork(dataDir: string, count: number): Promise<void> {
  const backend = createBackend({ config: parseRuntimeConfig({ DATA_DIR: dataDir }), dataDir })
  const sources = readdirSync('images/gallery')
    .filter((name) => /\.(jpe?g|png|webp)$/.test(name))
    .map((name) => join('images/gallery', name))
  try {
    for (let i = 0; i < count; i++) {
      const [before, after] = await halves(sources[i % sources.length]!, i)
      const frame = await encodeVariants(
        await composeBeforeAfter(await decodeToRaw(before!), await decodeToRaw(after!)),
      )
      const category = galleryCategories[i % galleryCategories.length]!
      const city = i % 3 === 0 ? null : citySlugs[i % citySlugs.length]!
      const fields = {
        id: randomUUID(),
        category,
        city: city ?? ('' as const),
        caption: i % 2 ? `Job ${i + 1}: cleaned in one visit` : '',
        alt: suggestedAlt(category, city),
        consent: 'yes' as const,
      }
      await storePostedWork(backend, fields, frame)
    }
  } finally {
    await backend.close()
  }
}
