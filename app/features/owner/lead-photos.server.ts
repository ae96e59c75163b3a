// The owner's side of visitors' photos (docs/decisions/044-lead-photos.md): which photos each lead has, and
// the bytes of one, only with the owner's session and never cacheable.
import { PHOTO_NAME_PATTERN, type LeadCard } from '~/features/leads'
import { UUID_PATTERN } from '~/lib/uuid'
import type { Db } from '../../platform/db/database.server'
import type { FileStore } from '../../platform/files/file-store.server'
import { OWNER_FILE_HEADERS } from '../../platform/http/owner-files.server'

/** Each lead's photos' names, oldest first. */
async function photoNames(db: Db, leadIds: string[]) {
  const rows = await db
    .selectFrom('lead_photos')
    .select(['lead_id', 'object_name'])
    .where('lead_id', 'in', leadIds)
    .orderBy('lead_id')
    .orderBy('created_at')
    .orderBy('object_name')
    .execute()
  const names = new Map<string, string[]>()
  for (const row of rows) names.set(row.lead_id, [...(names.get(row.lead_id) ?? []), row.object_name])
  return names
}

/** One more read per inbox load, not per lead. */
export async function withPhotos<Lead extends LeadCard>(db: Db, leads: Lead[]): Promise<Lead[]> {
  if (leads.length === 0) return leads
  const ids = leads.map((lead) => lead.id)
  const names = await photoNames(db, ids)
  return leads.map((lead) => (names.has(lead.id) ? { ...lead, photos: names.get(lead.id) } : lead))
}

export async function ownerPhotoResponse(db: Db, files: FileStore, { leadId, name }: { leadId: string; name: string }) {
  const notFound = () => new Response('No such photo', { status: 404, headers: OWNER_FILE_HEADERS })
  if (!UUID_PATTERN.test(leadId) || !PHOTO_NAME_PATTERN.test(name)) return notFound()
  // The database says which photos a lead has; the store only holds bytes.
  const names = await photoNames(db, [leadId])
  if (!names.get(leadId)?.includes(name)) return notFound()
  const bytes = await files.get(`lead-photos/${leadId}/${name}`)
  if (!bytes) return notFound()
  return new Response(bytes.slice(), { headers: { ...OWNER_FILE_HEADERS, 'Content-Type': 'image/jpeg' } })
}
