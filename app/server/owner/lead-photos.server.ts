// The owner's side of visitors' photos (docs/decisions/044-lead-photos.md): which photos each lead has, and
// the bytes of one, only with the owner's session and never cacheable.
import { LEAD_ID_PATTERN, PHOTO_NAME_PATTERN } from '~/lib/lead-photos'
import type { InboxLead } from '~/lib/owner-lead'
import { OwnerSessionError, type Backend, type SqlCaller } from '../backend/backend.server'
import { getBackend } from '../backend/backend-factory.server'
import { ownerAccess } from './owner-access.server'

interface PhotoRow {
  lead_id: string
  object_name: string
}

type OwnerCaller = Extract<SqlCaller, { as: 'owner' }>

async function photoNames(sql: Pick<Backend, 'callSql'>, leadIds: string[], caller: OwnerCaller) {
  const rows = await sql.callSql<PhotoRow[]>('owner_lead_photos', { p_lead_ids: leadIds }, caller, 'rows')
  const names = new Map<string, string[]>()
  for (const row of rows) names.set(String(row.lead_id), [...(names.get(String(row.lead_id)) ?? []), row.object_name])
  return names
}

/** One more read per inbox load, not per lead. */
export async function withPhotos(
  sql: Pick<Backend, 'callSql'>,
  leads: InboxLead[],
  caller: OwnerCaller,
): Promise<InboxLead[]> {
  if (leads.length === 0) return leads
  const names = await photoNames(
    sql,
    leads.map((lead) => lead.id),
    caller,
  )
  return leads.map((lead) => (names.has(lead.id) ? { ...lead, photos: names.get(lead.id) } : lead))
}

export async function ownerPhotoResponse(leadId: string, name: string, backend: Backend = getBackend()) {
  const headers = {
    'Cache-Control': 'private, no-store',
    'X-Robots-Tag': 'noindex',
    'X-Content-Type-Options': 'nosniff',
  }
  const access = await ownerAccess()
  if (!access) return new Response('Sign in first', { status: 401, headers })
  const notFound = () => new Response('No such photo', { status: 404, headers })
  if (!LEAD_ID_PATTERN.test(leadId) || !PHOTO_NAME_PATTERN.test(name) || !backend.leadPhotos) return notFound()
  try {
    // The database decides what the owner may see; the store only holds bytes.
    const names = await photoNames(backend, [leadId], access.caller)
    if (!names.get(leadId)?.includes(name)) return notFound()
    const bytes = await backend.leadPhotos.read(leadId, name, access.caller)
    if (!bytes) return notFound()
    return new Response(bytes.slice(), { headers: { ...headers, 'Content-Type': 'image/jpeg' } })
  } catch (error) {
    // Supabase refused the owner's token: signed out there, so here too.
    if (error instanceof OwnerSessionError) return new Response('Sign in again', { status: 401, headers })
    throw error
  }
}
