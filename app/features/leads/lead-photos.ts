/** Photos of the area a visitor adds after the lead is stored (docs/decisions/044-lead-photos.md). */
import type { LeadPhotoStatus } from './lead-photo-statuses'

export const LEAD_PHOTOS_PATH = '/quote-photos'
export const MAX_LEAD_PHOTOS = 5
/** Per file as sent; a phone's HEIC or full-size JPEG is 2–8 MB. */
export const MAX_PHOTO_BYTES = 15 * 1024 * 1024
/** The longest side kept, in the browser and again on the server. */
export const PHOTO_MAX_SIDE = 1600

/** A stored photo's name: random, so nothing in it comes from the visitor. */
export const PHOTO_NAME_PATTERN = /^[0-9a-f]{32}\.jpg$/

export type LeadPhotoFailure = Exclude<LeadPhotoStatus, 'added'>

export type LeadPhotoResponse =
  { success: true; added: number; total: number } | { success: false; reason: LeadPhotoFailure; error: string }

export const LEAD_PHOTO_MESSAGES: Record<LeadPhotoStatus, string> = {
  added: 'Thanks, your photos were added to your request.',
  'too-large': 'A photo is larger than 15 MB. Please choose a smaller one.',
  'not-image': 'A file is not a photo we can read. Please choose JPEG, PNG, HEIC or WebP photos.',
  'too-many': `Up to ${MAX_LEAD_PHOTOS} photos can be added to one request.`,
  token: 'This photo link has expired or was already used. Your request is safe; we will ask for photos if needed.',
  'rate-limited': 'Too many uploads from this connection. Please wait a few minutes and try again.',
  invalid: 'Please choose at least one photo.',
  failed: 'Your photos could not be saved just now. Please try again.',
}

/** Only the signed-in owner gets an answer there: never a public path, never cached. */
export function ownerPhotoUrl(leadId: string, name: string): string {
  return `/owner/photos/${leadId}/${name}`
}
