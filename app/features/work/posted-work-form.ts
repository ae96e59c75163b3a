/** The inbox's "Add work to the site" view: its words and limits, shared with the tests. */
import { cityNames, type CitySlug } from '~/content/service-areas'

/** Each photo's longest side after the browser's downscale: a portrait frame is one photo wide at 1600 px. */
export const WORK_PHOTO_MAX_SIDE = 1600
/** A stalled upload counts as a dropped connection after this long. */
export const WORK_UPLOAD_TIMEOUT_MS = 120_000

export const WORK_TEXTS = {
  tab: 'Add work to the site',
  heading: 'Add work to the site',
  fromLead: 'Add work to the site',
  before: 'Before photo',
  after: 'After photo',
  photoHint: 'Take a photo or choose one from the library.',
  category: 'Kind of job',
  chooseCategory: 'Choose the kind of job',
  city: 'Town',
  noCity: 'No town (gallery only)',
  caption: 'Caption (optional)',
  alt: 'Description for people who cannot see the photos',
  altHint: 'Filled in from the kind of job and the town; change it as you like.',
  consent: 'The customer agreed that these photos may be shown',
  privacy: 'Please leave house numbers, faces and licence plates out of the frame.',
  post: 'Post to the site',
  retry: 'Try again',
  preparing: 'Preparing photos…',
  sending: (percent: number) => `Sending… ${percent}%`,
  dropped:
    'The connection dropped. Your photos are kept: tap "Try again", or it tries by itself once you are back online.',
  kept: 'Your photos are kept: tap "Try again".',
  missingPhoto: (which: 'before' | 'after') => `Choose the ${which} photo.`,
  tooLarge: (which: 'before' | 'after') => `The ${which} photo is larger than 15 MB. Please choose a smaller one.`,
  posted: 'Posted to the site.',
  seeGallery: 'See it in the gallery',
  seeCity: (city: CitySlug) => `See it on the ${cityNames[city]} page`,
  listHeading: 'Work on the site',
  listEmpty: 'Nothing posted yet.',
  shown: 'Shown on the site',
  hidden: 'Hidden',
  hide: 'Hide from the site',
  show: 'Show on the site',
  /** The list's delete control, a dialog that asks first (confirm-dialog.tsx). */
  deleteJob: {
    open: 'Delete',
    question: 'Delete this job from the site for good?',
    explain: 'Its photos are removed from every page. This cannot be undone.',
    confirm: 'Delete for good',
    keep: 'Keep it',
  },
} as const

/** randomUUID needs a secure context; a LAN address over http is not one. */
export function newPostId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  bytes[6] = (bytes[6]! & 0x0f) | 0x40
  bytes[8] = (bytes[8]! & 0x3f) | 0x80
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}
