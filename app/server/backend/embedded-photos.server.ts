// The embedded backend's photo store (docs/decisions/044-lead-photos.md): files in DATA_DIR/lead-photos/<lead
// id>/<name>.jpg, recorded by the migrations' record_lead_photos, which Supabase's side calls too.
import { mkdir, readFile, rm, rmdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { PGlite } from '@electric-sql/pglite'
import { LEAD_ID_PATTERN, PHOTO_NAME_PATTERN } from '~/lib/lead-photos'
import { LeadPhotoRefusedError, type LeadPhotoStore } from './backend.server'

export const LEAD_PHOTOS_FOLDER = 'lead-photos'

export function refusalOf(error: unknown): LeadPhotoRefusedError | null {
  const message = error instanceof Error ? error.message : ''
  return message === 'token-used' || message === 'too-many' || message === 'no-lead'
    ? new LeadPhotoRefusedError(message)
    : null
}

export function embeddedLeadPhotos(
  dataDir: string,
  db: () => Promise<PGlite>,
  options: { push: () => boolean; kick: () => void },
): LeadPhotoStore {
  const folder = (leadId: string) => {
    if (!LEAD_ID_PATTERN.test(leadId)) throw new Error('not a lead id')
    return join(dataDir, LEAD_PHOTOS_FOLDER, leadId)
  }
  return {
    async save(leadId, tokenHash, photos) {
      const dir = folder(leadId)
      await mkdir(dir, { recursive: true, mode: 0o700 })
      const paths = photos.map((photo) => {
        if (!PHOTO_NAME_PATTERN.test(photo.name)) throw new Error('not a photo name')
        return join(dir, photo.name)
      })
      // Written first under names nothing refers to yet; removed again if the database refuses them.
      try {
        await Promise.all(photos.map((photo, i) => writeFile(paths[i]!, photo.bytes, { mode: 0o600, flag: 'wx' })))
        const conn = await db()
        const result = await conn.query<{ total: number }>(
          `SELECT public.record_lead_photos($1, $2, $3::jsonb, $4) AS total`,
          [
            leadId,
            tokenHash,
            JSON.stringify(photos.map((p) => ({ name: p.name, size: p.bytes.byteLength }))),
            options.push(),
          ],
        )
        options.kick()
        return Number(result.rows[0]?.total ?? 0)
      } catch (error) {
        await Promise.all(paths.map((path) => rm(path, { force: true })))
        await rmdir(dir).catch(() => undefined)
        throw refusalOf(error) ?? error
      }
    },
    async read(leadId, name) {
      if (!PHOTO_NAME_PATTERN.test(name)) return null
      try {
        return new Uint8Array(await readFile(join(folder(leadId), name)))
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
        throw error
      }
    },
  }
}
