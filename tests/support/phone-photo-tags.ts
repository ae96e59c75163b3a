// What a phone writes into a photo: its position (a Folsom driveway) and any extra exiftool assignments.
import { execFileSync } from 'node:child_process'

export const PHONE_POSITION = { latitude: 38.678, longitude: -121.176 }

/** Writes GPS (and `extra`, e.g. '-Orientation#=6') into the file in place with exiftool. */
export function tagLikeAPhone(file: string, extra: string[] = []): void {
  execFileSync('exiftool', [
    '-q',
    '-overwrite_original',
    `-GPSLatitude=${PHONE_POSITION.latitude}`,
    '-GPSLatitudeRef=N',
    `-GPSLongitude=${-PHONE_POSITION.longitude}`,
    '-GPSLongitudeRef=W',
    ...extra,
    file,
  ])
}
