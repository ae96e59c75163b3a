#!/usr/bin/env node
/**
 * Generates the SAMPLE source images in images/, the folder the owner later fills with real photos:
 * `node scripts/generate-sample-images.mjs [name-part]`. Procedural and seeded from each image's name, so a
 * re-run gives the same files; what each image shows is in scripts/sample-images/.
 */
import { statSync } from 'node:fs'
import path from 'node:path'
import { OUT, ROOT } from './sample-images/paths.mjs'
import { hashString, makeRandom } from './sample-images/random.mjs'
import { cloneImage, grade, vignette, grain } from './sample-images/raster.mjs'
import { overlaySvg } from './sample-images/labels.mjs'
import { writeJpeg, composeBeforeAfter } from './sample-images/scenes.mjs'
import { SIZES, gallery } from './sample-images/gallery.mjs'
import { services } from './sample-images/services.mjs'
import { renderHero } from './sample-images/hero.mjs'

const only = process.argv[2]

async function renderGallery(spec) {
  const [w, h] = SIZES[spec.aspect]
  const rnd = makeRandom(hashString(spec.name))
  const surf = await spec.surface(w, h, rnd)
  const clean = surf.img
  const before = cloneImage(clean)
  await spec.dirty(before, surf, w, h, makeRandom(hashString(spec.name + ':dirt')))
  grade(clean, { contrast: 1.04, brightness: 1.02, saturation: 1.04 })
  const split = w >= h ? 'v' : 'h'
  const out = composeBeforeAfter(before, clean, split)
  vignette(out)
  grain(out, 0.03, hashString(spec.name + ':grain'))
  const file = path.join(OUT, 'gallery', `${spec.name}.jpg`)
  await writeJpeg(file, out, overlaySvg(w, h, split))
  return file
}

async function renderService(spec) {
  const [w, h] = SIZES['4:3']
  const rnd = makeRandom(hashString('service:' + spec.name))
  const img = await spec.render(w, h, rnd)
  vignette(img, 0.18)
  grain(img, 0.03, hashString(spec.name + ':grain'))
  const file = path.join(OUT, 'services', `${spec.name}.jpg`)
  await writeJpeg(file, img)
  return file
}

async function main() {
  const started = Date.now()
  const jobs = [
    ...gallery.map((s) => ({ name: `gallery/${s.name}`, run: () => renderGallery(s) })),
    ...services.map((s) => ({ name: `services/${s.name}`, run: () => renderService(s) })),
    { name: 'hero', run: renderHero },
  ].filter((j) => !only || j.name.includes(only))
  let bytes = 0
  for (const job of jobs) {
    const t = Date.now()
    const file = await job.run()
    const size = statSync(file).size
    bytes += size
    console.log(
      `${path.relative(ROOT, file).padEnd(36)} ${String(Math.round(size / 1024)).padStart(4)} KB  ${Date.now() - t} ms`,
    )
  }
  console.log(`${jobs.length} images, ${(bytes / 1024 / 1024).toFixed(2)} MB, ${Date.now() - started} ms`)
}

await main()
