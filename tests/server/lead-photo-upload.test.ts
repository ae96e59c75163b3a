// The lead-photos function's steps (app/server/backend/lead-photo-upload.server.ts, synced to Deno) against a
// local stand-in of Supabase Storage: upload, then record; a refusal leaves nothing in the bucket.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { leadPhotoRefusal, storeLeadPhotos } from '../../app/server/backend/lead-photo-upload.server'
import { startStorageStandIn, type StorageStandIn } from '../support/storage-stand-in'

const KEY = 'service-role-key'
const photo = (n: number) => ({ name: `${String(n).repeat(32)}.jpg`, bytes: new Uint8Array([0xff, 0xd8, 0xff, n]) })

describe('storing lead photos in the local stand-in of Supabase Storage', () => {
  let storage: StorageStandIn
  beforeAll(async () => {
    storage = await startStorageStandIn(KEY)
  })
  afterAll(() => storage?.close())
  const access = () => ({ url: storage.url, serviceRoleKey: KEY })

  it('uploads each photo under the lead, then records their names and sizes', async () => {
    const lead = randomUUID()
    const recorded: unknown[] = []
    const stored = await storeLeadPhotos(access(), lead, [photo(1), photo(2)], async (photos) => {
      recorded.push(...photos)
      return 2
    })
    expect(stored).toEqual({ ok: true, total: 2 })
    expect(storage.objects.get(lead)).toEqual([photo(1).name, photo(2).name])
    expect(recorded).toEqual([
      { name: photo(1).name, size: 4 },
      { name: photo(2).name, size: 4 },
    ])
  })

  it('removes the uploaded objects when record_lead_photos refuses, directly or through PostgREST', async () => {
    const lead = randomUUID()
    for (const message of ['too-many', 'record_lead_photos failed: token-used (P0001)']) {
      const stored = await storeLeadPhotos(access(), lead, [photo(3)], () => Promise.reject(new Error(message)))
      expect(stored).toEqual({ ok: false, refusal: leadPhotoRefusal(new Error(message)) })
      expect(storage.objects.get(lead)).toEqual([])
    }
  })

  it('throws an error that is no refusal, with the objects removed all the same', async () => {
    const lead = randomUUID()
    await expect(
      storeLeadPhotos(access(), lead, [photo(4)], () => Promise.reject(new Error('connection reset'))),
    ).rejects.toThrow('connection reset')
    expect(storage.objects.get(lead)).toEqual([])
    expect(leadPhotoRefusal(new Error('no-leads-here'))).toBeNull()
  })
})
