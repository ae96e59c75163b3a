// A 9984 × 9984 HEIC (HEVC) of about 25 KB, just under 100 megapixels: the file issue 52 froze the server with.
// Made once per machine (sharp draws the PNG in a child process, Debian's heif-enc encodes it, about 10 s of CPU)
// and kept in the system's temporary folder (TEST_FIXTURE_CACHE under npm test) for the next run and the bench.
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export const HUGE_HEIC_SIDE = 9984

/** A flat `side` × `side` PNG drawn in a child process, so its pixels are not the test's memory. */
export function flatPng(side: number, file: string): void {
  execFileSync(process.execPath, [
    '--input-type=module',
    '-e',
    `import sharp from 'sharp'; await sharp({ create: { width: ${side}, height: ${side}, channels: 3, background: '#6a8' }, limitInputPixels: false }).png({ compressionLevel: 1 }).toFile(${JSON.stringify(file)})`,
  ])
}

/** Where the file is kept between runs: TEST_FIXTURE_CACHE when a runner moved TMPDIR (scripts/test.ts). */
export const fixtureCache = () => process.env.TEST_FIXTURE_CACHE ?? join(tmpdir(), 'pw-site-fixtures')

export function hugeHeic(): Buffer {
  const folder = fixtureCache()
  const heic = join(folder, `flat-${HUGE_HEIC_SIDE}.heic`)
  if (existsSync(heic)) return readFileSync(heic)
  mkdirSync(folder, { recursive: true })
  const png = join(folder, `flat-${HUGE_HEIC_SIDE}-${process.pid}.png`)
  const draft = `${heic}.${process.pid}`
  try {
    // The PNG's 300 MB of pixels stay in flatPng's child process.
    flatPng(HUGE_HEIC_SIDE, png)
    execFileSync('heif-enc', ['-q', '10', '-p', 'preset=ultrafast', '-o', draft, png], { stdio: 'ignore' })
    // Whole or absent: a run stopped mid-encode leaves no half file under the kept name.
    renameSync(draft, heic)
  } finally {
    rmSync(png, { force: true })
    rmSync(draft, { force: true })
  }
  return readFileSync(heic)
}
