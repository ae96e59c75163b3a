// Removes a deleted lead's photos (docs/decisions/043-lead-deletion.md): embedded, the folder
// DATA_DIR/lead-photos/<leadId>/; on Supabase, the objects `<leadId>/…` of the private bucket `lead-photos`.
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { LEAD_PHOTO_BUCKET, removeLeadObjects, type StorageAccess } from './lead-storage.server'

export { LEAD_PHOTO_BUCKET, purgeQueuedLeadFiles, type PurgeQueue, type StorageAccess } from './lead-storage.server'

export type LeadPhotoStore = { kind: 'folder'; dataDir: string } | ({ kind: 'storage' } & StorageAccess)

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export function leadPhotoFolder(dataDir: string, leadId: string): string {
  // An id is joined into a path: only a uuid may be, never `..`.
  if (!UUID.test(leadId)) throw new Error(`not a lead id: ${JSON.stringify(leadId)}`)
  return join(dataDir, LEAD_PHOTO_BUCKET, leadId.toLowerCase())
}

/** Removes the stored photos of these leads; a lead that has none is fine. */
export async function removeLeadPhotos(store: LeadPhotoStore, leadIds: readonly string[]): Promise<void> {
  if (store.kind === 'storage') {
    await removeLeadObjects(store, leadIds)
    return
  }
  for (const leadId of leadIds) await rm(leadPhotoFolder(store.dataDir, leadId), { recursive: true, force: true })
}
