/** The owner's own job photos, posted from the inbox to the public pages (docs/decisions/049-posted-work.md). */
import * as v from 'valibot'
import { UUID_PATTERN } from '~/lib/uuid'
import { cityNames, citySlugs, type CitySlug } from '~/content/service-areas'
import { galleryCategories, type GalleryCategory } from '~/content/types'
import type { OwnerPostedWork, PostedWork } from './posted-work.server'

// Apart, so the public pages load none of the posting form's schema.
export { CITY_RECENT_WORK, POSTED_WORK_BASE_URL, postedWorkFile } from './posted-work-places'
export { POSTED_WORK_FILE_PATTERN } from '~/lib/variant-file'

/** Where the posting form sends its two photos (multipart, the owner's session cookie). */
export const POST_WORK_PATH = '/owner/work'

/** Per photo as sent; the form downscales first, so only a phone without canvas sends this much. */
export const MAX_WORK_PHOTO_BYTES = 15 * 1024 * 1024
export const MAX_CAPTION_LENGTH = 200
export const MAX_ALT_LENGTH = 250
/** How many posted jobs the public pages read, newest first. */
export const POSTED_WORK_READ_LIMIT = 60

/** The alt text the form starts with: "Before and after: driveway cleaning in Folsom". */
export function suggestedAlt(category: GalleryCategory, citySlug: CitySlug | null): string {
  return `Before and after: ${category.toLowerCase()}${citySlug ? ` in ${cityNames[citySlug]}` : ''}`
}

// Rows as the server reads them (derived from the schema), named for the browser's side.
export type { OwnerPostedWork, PostedWork } from './posted-work.server'

/** What the public pages read: the newest published jobs, and whether sample photos fill the rest. */
export interface ShownWork {
  posted: PostedWork[]
  samples: boolean
}

const trimmed = (max: number, message: string) => v.pipe(v.string(), v.trim(), v.maxLength(max, message))
const optionalId = new RegExp(`^(?:|${UUID_PATTERN.source.slice(1, -1)})$`)

/** The posting form's fields besides the two photos; the server checks them again with this schema. */
export const postWorkFieldsSchema = v.object({
  id: v.pipe(v.string(), v.regex(UUID_PATTERN, 'The form is out of date. Please reload the page.')),
  category: v.picklist(galleryCategories, 'Choose what kind of job this was.'),
  city: v.picklist(['', ...citySlugs], 'Choose a town from the list.'),
  caption: trimmed(MAX_CAPTION_LENGTH, `Keep the caption under ${MAX_CAPTION_LENGTH} characters.`),
  alt: v.pipe(
    trimmed(MAX_ALT_LENGTH, `Keep the description under ${MAX_ALT_LENGTH} characters.`),
    v.nonEmpty('Describe the photos for people who cannot see them.'),
  ),
  consent: v.picklist(['yes'], 'Tick the box once the customer agreed that these photos may be shown.'),
  leadId: v.optional(v.pipe(v.string(), v.regex(optionalId))),
})
export type PostWorkFields = v.InferOutput<typeof postWorkFieldsSchema>

export type PostWorkFailure = 'signed-out' | 'forbidden' | 'too-large' | 'not-image' | 'invalid' | 'failed'

export type PostWorkResponse =
  { success: true; work: OwnerPostedWork } | { success: false; reason: PostWorkFailure; error: string }

export const POST_WORK_MESSAGES: Record<PostWorkFailure, string> = {
  'signed-out': 'Your session has ended. Please sign in again; your photos stay chosen.',
  forbidden: 'This upload was refused. Please post from the inbox page.',
  'too-large': 'A photo is larger than 15 MB. Please choose a smaller one.',
  'not-image': 'A file is not a photo we can read. Please choose JPEG, PNG, HEIC or WebP photos.',
  invalid: 'Please choose a before photo and an after photo.',
  failed: 'The photos could not be posted just now. Please try again.',
}
