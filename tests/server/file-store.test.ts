// The file store's one contract, run against the folder store in a temporary DATA_DIR and against the Supabase
// store talking to the local Storage stand-in (tests/support/storage-stand-in.ts); then what only each mode has.
import { randomBytes, randomUUID } from 'node:crypto'
import { readdir, readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { openFileStore, type FileStore } from '../../app/platform/files/file-store.server'
import { startStorageStandIn, type StorageStandIn } from '../support/storage-stand-in'
import { useCleanup, useTempDirs } from './helpers'

const SERVICE_KEY = 'stand-in-service-role-key-0123456789'

interface StoreUnderTest {
  store: FileStore
  /** Files and folders made anywhere near DATA_DIR (folder store), or requests sent (Storage). */
  footprint(): Promise<number>
}

const cleanups = useCleanup()
const tempDir = useTempDirs()

/** DATA_DIR is a folder inside an empty one, so a path that escaped it would show up beside it. */
async function folderStore(): Promise<StoreUnderTest & { dataDir: string }> {
  const root = await tempDir()
  const dataDir = join(root, 'data')
  return {
    dataDir,
    store: openFileStore({ dataDir }),
    footprint: async () => (await readdir(root, { recursive: true })).length,
  }
}

async function storageStore(): Promise<StoreUnderTest & { standIn: StorageStandIn }> {
  const standIn = await startStorageStandIn(SERVICE_KEY)
  cleanups.push(() => standIn.close())
  const store = openFileStore({ dataDir: '/nonexistent', storage: { url: standIn.url, serviceRoleKey: SERVICE_KEY } })
  return { standIn, store, footprint: async () => standIn.calls.length }
}

const bytesOf = (size: number) => new Uint8Array(randomBytes(size))
const leadFolder = () => `lead-photos/${randomUUID()}`
const photoName = () => `${randomBytes(16).toString('hex')}.jpg`

describe.each([
  { mode: 'the folder store in a temporary DATA_DIR', open: folderStore },
  { mode: 'the Supabase store against the Supabase Storage stand-in', open: storageStore },
])('$mode', ({ open }) => {
  it('gives back the bytes it stored', async () => {
    const { store } = await open()
    const photo = `${leadFolder()}/${photoName()}`
    const work = `posted-work/${randomBytes(8).toString('hex')}-640.avif`
    const [photoBytes, workBytes] = [bytesOf(3000), bytesOf(500)]

    expect(await store.put(photo, photoBytes, 'image/jpeg')).toBe(true)
    expect(await store.put(work, workBytes, 'image/avif')).toBe(true)

    expect(await store.get(photo)).toEqual(photoBytes)
    expect(await store.get(work)).toEqual(workBytes)
  })

  it('keeps the first file when a second put names the same path', async () => {
    const { store } = await open()
    const path = `${leadFolder()}/${photoName()}`
    const first = bytesOf(100)

    expect(await store.put(path, first, 'image/jpeg')).toBe(true)
    expect(await store.put(path, bytesOf(200), 'image/jpeg')).toBe(false)

    expect(await store.get(path)).toEqual(first)
  })

  it('lets exactly one of two racing puts store its whole file', async () => {
    const { store } = await open()
    const path = `${leadFolder()}/${photoName()}`
    const [one, other] = [bytesOf(50_000), bytesOf(50_000)]

    const stored = await Promise.all([store.put(path, one, 'image/jpeg'), store.put(path, other, 'image/jpeg')])

    expect(stored.filter(Boolean)).toHaveLength(1)
    expect(await store.get(path)).toEqual(stored[0] ? one : other)
  })

  it('answers null for a file that is not there', async () => {
    const { store } = await open()
    const folder = leadFolder()
    await store.put(`${folder}/${photoName()}`, bytesOf(10), 'image/jpeg')

    expect(await store.get(`${folder}/${photoName()}`)).toBeNull()
    expect(await store.get(`${leadFolder()}/${photoName()}`)).toBeNull()
    expect(await store.get(`posted-work/${randomBytes(8).toString('hex')}-640.webp`)).toBeNull()
  })

  it('removes the files named and takes a missing one in its stride', async () => {
    const { store } = await open()
    const folder = leadFolder()
    const [gone, kept] = [`${folder}/${photoName()}`, `${folder}/${photoName()}`]
    await store.put(gone, bytesOf(10), 'image/jpeg')
    await store.put(kept, bytesOf(10), 'image/jpeg')

    await store.remove([gone, `${folder}/${photoName()}`, `posted-work/${randomBytes(8).toString('hex')}-640.webp`])
    await store.remove([])

    expect(await store.get(gone)).toBeNull()
    expect(await store.get(kept)).not.toBeNull()
  })

  it('removes a whole folder, subfolders included, and nothing beside it', async () => {
    const { store } = await open()
    const folder = leadFolder()
    const inside = [`${folder}/${photoName()}`, `${folder}/${photoName()}`, `${folder}/small/${photoName()}`]
    // A neighbour whose name starts with the folder's: Storage's prefixes must be taken as folders.
    const beside = [`${folder}0/${photoName()}`, `${leadFolder()}/${photoName()}`, `posted-work/${photoName()}`]
    for (const path of [...inside, ...beside]) await store.put(path, bytesOf(10), 'image/jpeg')

    await store.removeFolder(folder)
    await store.removeFolder(leadFolder())

    for (const path of inside) expect(await store.get(path)).toBeNull()
    for (const path of beside) expect(await store.get(path)).not.toBeNull()
  })

  it('removes a folder holding more files than one listing page', async () => {
    const { store } = await open()
    const folder = leadFolder()
    const paths = Array.from({ length: 130 }, () => `${folder}/${photoName()}`)
    for (const path of paths) await store.put(path, bytesOf(1), 'image/jpeg')

    await store.removeFolder(folder)

    for (const path of paths) expect(await store.get(path)).toBeNull()
  })

  it('refuses a bad path before it makes any file or request', async () => {
    const { store, footprint } = await open()
    const badPaths = [
      '../x',
      'lead-photos/../../etc/passwd',
      'lead-photos/./a.jpg',
      'photos/a.jpg',
      'lead-photos//a.jpg',
      'lead-photos/a/',
      '/etc/passwd',
      'lead-photos',
      'lead-photos/.hidden',
      'lead-photos/a b.jpg',
      'lead-photos/a\\..\\b.jpg',
      `lead-photos/${'a'.repeat(300)}.jpg`,
    ]
    for (const path of badPaths) {
      await expect(store.put(path, bytesOf(10), 'image/jpeg'), path).rejects.toThrow(/not a file store path/)
      await expect(store.get(path), path).rejects.toThrow(/not a file store path/)
      await expect(store.remove([path]), path).rejects.toThrow(/not a file store path/)
      await expect(store.removeFolder(path), path).rejects.toThrow(/not a file store path/)
    }
    expect(await footprint()).toBe(0)
  })

  it('removes none of a list that holds a bad path', async () => {
    const { store } = await open()
    const path = `${leadFolder()}/${photoName()}`
    await store.put(path, bytesOf(10), 'image/jpeg')

    await expect(store.remove([path, 'lead-photos/../x'])).rejects.toThrow(/not a file store path/)

    expect(await store.get(path)).not.toBeNull()
  })
})

describe('the folder store', () => {
  it('makes files 0600 and folders 0700, even under umask 0', async () => {
    const { store, dataDir } = await folderStore()
    const leadId = randomUUID()
    const name = photoName()
    const previous = process.umask(0)
    try {
      await store.put(`lead-photos/${leadId}/small/${name}`, bytesOf(10), 'image/jpeg')
    } finally {
      process.umask(previous)
    }

    const modeOf = async (...parts: string[]) => (await stat(join(dataDir, ...parts))).mode & 0o777
    expect(await modeOf('lead-photos')).toBe(0o700)
    expect(await modeOf('lead-photos', leadId)).toBe(0o700)
    expect(await modeOf('lead-photos', leadId, 'small')).toBe(0o700)
    expect(await modeOf('lead-photos', leadId, 'small', name)).toBe(0o600)
  })

  it('never shows a reader part of a file, and leaves no temporary file behind', async () => {
    const { store, dataDir } = await folderStore()
    const leadId = randomUUID()
    const name = photoName()
    const bytes = bytesOf(16 * 1024 * 1024)
    const target = join(dataDir, 'lead-photos', leadId, name)

    let writing = true
    const put = store.put(`lead-photos/${leadId}/${name}`, bytes, 'image/jpeg').finally(() => (writing = false))
    const sizesSeen: number[] = []
    while (writing) {
      const seen = await readFile(target).catch(() => null)
      if (seen) sizesSeen.push(seen.length)
    }

    expect(await put).toBe(true)
    expect(sizesSeen.filter((size) => size !== bytes.length)).toEqual([])
    expect(await readdir(join(dataDir, 'lead-photos', leadId))).toEqual([name])
  })
})

describe('the Supabase store against the Supabase Storage stand-in', () => {
  it('sends the service role key, creates each bucket private once, and never overwrites', async () => {
    const { store, standIn } = await storageStore()
    await store.put(`${leadFolder()}/${photoName()}`, bytesOf(10), 'image/jpeg')
    await store.put(`${leadFolder()}/${photoName()}`, bytesOf(10), 'image/jpeg')
    await store.put(`posted-work/${randomBytes(8).toString('hex')}-640.webp`, bytesOf(10), 'image/webp')

    expect(standIn.calls.length).toBeGreaterThan(0)
    for (const call of standIn.calls) {
      expect(call.headers.authorization).toBe(`Bearer ${SERVICE_KEY}`)
      expect(call.headers.apikey).toBe(SERVICE_KEY)
    }
    expect([...standIn.buckets].map(([id, bucket]) => [id, bucket.public])).toEqual([
      ['lead-photos', false],
      ['posted-work', false],
    ])
    const created = standIn.calls.filter((call) => call.method === 'POST' && call.path === '/storage/v1/bucket')
    expect(created.map((call) => (call.body as { id: string }).id)).toEqual(['lead-photos', 'posted-work'])
    const uploads = standIn.calls.filter((call) => call.path.startsWith('/storage/v1/object/'))
    expect(uploads.map((call) => [call.headers['x-upsert'], call.headers['content-type']])).toEqual([
      ['false', 'image/jpeg'],
      ['false', 'image/jpeg'],
      ['false', 'image/webp'],
    ])
  })

  it("keeps a stored photo private: the Storage stand-in's public URL gets nothing", async () => {
    const { store, standIn } = await storageStore()
    const path = `${leadFolder()}/${photoName()}`
    await store.put(path, bytesOf(10), 'image/jpeg')
    const objectUrl = `${standIn.url}/storage/v1/object/${path}`
    const publicUrl = `${standIn.url}/storage/v1/object/public/${path}`
    const answers = await Promise.all([
      fetch(publicUrl),
      fetch(objectUrl, { headers: { apikey: SERVICE_KEY, authorization: `Bearer ${SERVICE_KEY}` } }),
    ])
    // The public URL answers only when the store made the bucket public; the service key proves the photo is there.
    expect(answers.map((answer) => answer.status)).toEqual([400, 200])
    expect((await answers[1]!.arrayBuffer()).byteLength).toBe(10)
    expect(await store.get(path)).toHaveLength(10)
  })

  it('tries to create a bucket again when the first attempt failed', async () => {
    const { store, standIn } = await storageStore()
    const path = `${leadFolder()}/${photoName()}`

    standIn.failNext('database unavailable')
    await expect(store.put(path, bytesOf(10), 'image/jpeg')).rejects.toThrow('bucket check of lead-photos failed')

    expect(await store.put(path, bytesOf(10), 'image/jpeg')).toBe(true)
    expect(standIn.buckets.get('lead-photos')?.objects.has(path.slice('lead-photos/'.length))).toBe(true)
  })

  it('throws a short error naming the operation and the status, never the key', async () => {
    const { store, standIn } = await storageStore()
    const folder = leadFolder()
    const path = `${folder}/${photoName()}`
    await store.put(path, bytesOf(10), 'image/jpeg')
    // Storage's failed answer quotes the key: the exact messages show it goes no further.
    const failureOf = (operation: () => Promise<unknown>) => {
      standIn.failNext(`database refused ${SERVICE_KEY}`)
      return operation().then(
        () => 'no error',
        (error: Error) => error.message,
      )
    }

    expect(await failureOf(() => store.put(`${folder}/${photoName()}`, bytesOf(10), 'image/jpeg'))).toBe(
      'Storage upload to lead-photos failed: 500',
    )
    expect(await failureOf(() => store.get(path))).toBe('Storage download from lead-photos failed: 500')
    expect(await failureOf(() => store.remove([path]))).toBe('Storage remove from lead-photos failed: 500')
    expect(await failureOf(() => store.removeFolder(folder))).toBe('Storage list in lead-photos failed: 500')
    await standIn.close()
    const unreachable = await store.get(path).then(String, (error: Error) => error.message)
    expect(unreachable).toMatch(/^Storage download from lead-photos failed: no answer/)
    expect(unreachable).not.toContain(SERVICE_KEY)
  })
})
