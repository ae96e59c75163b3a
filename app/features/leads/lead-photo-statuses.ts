// What the /quote-request route checks its search against: that route is in every page's entry, so this
// module holds no texts (they are in lead-photos.ts, loaded with the photo components).
export const LEAD_PHOTO_STATUSES = [
  'added',
  'too-large',
  'not-image',
  'too-many',
  'token',
  'rate-limited',
  'invalid',
  'failed',
] as const
export type LeadPhotoStatus = (typeof LEAD_PHOTO_STATUSES)[number]

/** The shape of a photo token (lead id, expiry, nonce, signature); only the server can tell a genuine one. */
export const PHOTO_TOKEN_PATTERN = /^[0-9a-f-]{36}\.[0-9a-z]{1,11}\.[\w-]{16}\.[\w-]{43}$/
