// What a phone writes into a photo: its position (a Folsom driveway), its orientation and the artist's name.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import sharp from 'sharp'

const PHONE_POSITION = { latitude: 38.678, longitude: -121.176 }

/** A `width` × `height` JPEG of one colour at `file`, as a phone stores it: on its side (orientation 6), with GPS. */
export async function phoneJpeg(file: string, width: number, height: number, background: string, artist: string) {
  await sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .toFile(file)
  execFileSync('exiftool', [
    '-q',
    '-overwrite_original',
    `-GPSLatitude=${PHONE_POSITION.latitude}`,
    '-GPSLatitudeRef=N',
    `-GPSLongitude=${-PHONE_POSITION.longitude}`,
    '-GPSLongitudeRef=W',
    '-Orientation#=6',
    `-Artist=${artist}`,
    file,
  ])
  // Read back: without its position, the tests' "no GPS left" would pass for nothing.
  const [tags] = JSON.parse(execFileSync('exiftool', ['-json', '-n', file]).toString())
  if (Math.abs(tags.GPSLatitude - PHONE_POSITION.latitude) > 1e-3) throw new Error(`no GPS written to ${file}`)
  return readFileSync(file)
}

/** The JPEG at `file` as an iPhone's HEIC (HEVC), made by Debian's heif-enc (apt package libheif-examples). */
export function heicOf(file: string): Buffer {
  execFileSync('heif-enc', ['-q', '60', '-o', `${file}.heic`, file], { stdio: 'ignore' })
  return readFileSync(`${file}.heic`)
}
