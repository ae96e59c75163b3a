// Supabase's half of storing a visitor's photos (docs/decisions/044-lead-photos.md): the objects first, then
// record_lead_photos; if it refuses, the objects go again. Run by the lead-photos Edge Function (synced), so
// plain fetch and no Node import; the site reads the refusals' statuses back from the same table.
import { removeObjects, uploadLeadObject, type StorageAccess } from './lead-storage.server'

/** record_lead_photos' refusals and the status each one gets, in the function's answer and the site's. */
export const LEAD_PHOTO_REFUSALS = { 'token-used': 403, 'too-many': 409, 'no-lead': 404 } as const
export type LeadPhotoRefusal = keyof typeof LEAD_PHOTO_REFUSALS

export function isLeadPhotoRefusal(value: unknown): value is LeadPhotoRefusal {
  return typeof value === 'string' && Object.hasOwn(LEAD_PHOTO_REFUSALS, value)
}

/** The refusal in a SQL error's message, directly ('too-many') or through PostgREST ('… failed: too-many (P0001)'). */
export function leadPhotoRefusal(error: unknown): LeadPhotoRefusal | null {
  const message = error instanceof Error ? error.message : ''
  const match = /(?:^|[\s:])(token-used|too-many|no-lead)(?:$|[\s(])/.exec(message)
  return match ? (match[1] as LeadPhotoRefusal) : null
}

export interface PhotoToStore {
  /** `<32 hex>.jpg`, checked by the caller. */
  name: string
  bytes: Uint8Array
}

export type StoredPhotos = { ok: true; total: number } | { ok: false; refusal: LeadPhotoRefusal }

/** `record` calls record_lead_photos with the photos' names and sizes and returns the lead's new total. */
export async function storeLeadPhotos(
  storage: StorageAccess,
  leadId: string,
  photos: readonly PhotoToStore[],
  record: (photos: { name: string; size: number }[]) => Promise<number>,
): Promise<StoredPhotos> {
  const uploaded: string[] = []
  let recording = false
  try {
    for (const photo of photos) {
      const path = `${leadId}/${photo.name}`
      await uploadLeadObject(storage, path, photo.bytes)
      uploaded.push(path)
    }
    recording = true
    return { ok: true, total: await record(photos.map((p) => ({ name: p.name, size: p.bytes.byteLength }))) }
  } catch (error) {
    // Nothing refers to these names yet; if their removal fails too, the lead's deletion takes them (043).
    await removeObjects(storage, uploaded).catch(() => undefined)
    const refusal = recording ? leadPhotoRefusal(error) : null
    if (refusal) return { ok: false, refusal }
    throw error
  }
}
