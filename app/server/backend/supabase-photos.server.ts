// The Supabase backend's photo store (docs/decisions/044-lead-photos.md): the site holds no key to Storage, so
// the lead-photos Edge Function stores what the site re-encoded; the owner reads with their own access token,
// and the bucket's select policy decides.
import { LEAD_ID_PATTERN, PHOTO_NAME_PATTERN } from '~/lib/lead-photos'
import {
  LeadPhotoRefusedError,
  OwnerSessionError,
  RateLimitedError,
  type LeadPhotoStore,
  type VisitorLimit,
} from './backend.server'
import { isLeadPhotoRefusal } from './lead-photo-upload.server'
import { LEAD_PHOTO_BUCKET } from './lead-storage.server'

export interface SupabasePhotoAccess {
  url: string
  anonKey: string
  /** x-site-secret, when set. */
  secretHeaders: Record<string, string>
  /** The database counts the visitor's uploads, shared by every instance. */
  limitHeaders: (limit: VisitorLimit | undefined) => Record<string, string>
  timeoutMs: number
  fetch?: typeof fetch
}

export function supabaseLeadPhotos(access: SupabasePhotoAccess): LeadPhotoStore {
  const base = access.url.replace(/\/+$/, '')
  const call = access.fetch ?? fetch
  return {
    async save(leadId, tokenHash, photos, limit) {
      const form = new FormData()
      form.set('leadId', leadId)
      form.set('tokenHash', tokenHash)
      for (const photo of photos)
        form.append('photos', new Blob([photo.bytes.slice()], { type: 'image/jpeg' }), photo.name)
      const response = await call(`${base}/functions/v1/lead-photos`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${access.anonKey}`,
          apikey: access.anonKey,
          ...access.secretHeaders,
          ...access.limitHeaders(limit),
        },
        body: form,
        signal: AbortSignal.timeout(access.timeoutMs),
      })
      const answer = (await response.json().catch(() => null)) as { total?: unknown; reason?: unknown } | null
      if (response.ok && typeof answer?.total === 'number') return answer.total
      if (response.status === 429) {
        const seconds = Number(response.headers.get('retry-after'))
        throw new RateLimitedError(Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : 60)
      }
      if (isLeadPhotoRefusal(answer?.reason)) throw new LeadPhotoRefusedError(answer.reason)
      throw new Error(`lead-photos failed: ${response.status}`)
    },

    async read(leadId, name, caller) {
      if (!LEAD_ID_PATTERN.test(leadId) || !PHOTO_NAME_PATTERN.test(name)) return null
      if (caller.as !== 'owner' || !caller.accessToken) throw new OwnerSessionError('Sign in again')
      const response = await call(`${base}/storage/v1/object/authenticated/${LEAD_PHOTO_BUCKET}/${leadId}/${name}`, {
        headers: { Authorization: `Bearer ${caller.accessToken}`, apikey: access.anonKey },
        signal: AbortSignal.timeout(access.timeoutMs),
      })
      if (response.ok) return new Uint8Array(await response.arrayBuffer())
      await response.body?.cancel()
      // Storage answers a missing object, or one the policy hides, with 400 or 404.
      if (response.status === 400 || response.status === 404) return null
      if (response.status === 401 || response.status === 403) throw new OwnerSessionError('Sign in again')
      throw new Error(`reading a lead photo from Storage failed: ${response.status}`)
    },
  }
}
