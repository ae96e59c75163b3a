// The owner's side of visitors' photos (docs/decisions/044-lead-photos.md): which photos each lead has, and
// the bytes of one, only with the owner's session and never cacheable.
import { PHOTO_NAME_PATTERN } from '~/lib/leads/lead-photos'
import { UUID_PATTERN } from '~/lib/owner/owner-views'
import type { InboxLead } from '~/lib/owner/owner-lead'
import { getBackend, type Backend } from '../backend/backend.server'
import type { Queryable } from '../db/database.server'
import { OWNER_FILE_HEADERS } from './owner-access.server'

/** Each lead's photos' names, oldest first. */
async function photoNames(db: Queryable, leadIds: string[]) {
  const { rows } = await db.query<{ lead: string; object_name: string }>(
    `SELECT lead_id::text AS lead, object_name FROM lead_photos
      WHERE lead_id = ANY($1::uuid[]) ORDER BY lead_id, created_at, object_name`,
    [leadIds],
  )
  const names = new Map<string, string[]>()
  for (const row of rows) names.set(row.lead, [...(names.get(row.lead) ?? []), row.object_name])
  return names
}

/** One more read per inbox load, not per lead. */
export async function withPhotos(db: Queryable, leads: InboxLead[]): Promise<InboxLead[]> {
  if (leads.length === 0) return leads
  const ids = leads.map((lead) => lead.id)
  const names = await photoNames(db, ids)
  return leads.map((lead) => (names.has(lead.id) ? { ...lead, photos: names.get(lead.id) } : lead))
}

export async function ownerPhotoResponse(leadId: string, name: string, backend: Backend = getBackend()) {
  const notFound = () => new Response('No such photo', { status: 404, headers: OWNER_FILE_HEADERS })
  if (!UUID_PATTERN.test(leadId) || !PHOTO_NAME_PATTERN.test(name)) return notFound()
  // The database says which photos a lead has; the store only holds bytes.
  const names = await photoNames(await backend.db(), [leadId])
  if (!names.get(leadId)?.includes(name)) return notFound()
  const bytes = await backend.files.get(`lead-photos/${leadId}/${name}`)
  if (!bytes) return notFound()
  return new Response(bytes.slice(), { headers: { ...OWNER_FILE_HEADERS, 'Content-Type': 'image/jpeg' } })
}
