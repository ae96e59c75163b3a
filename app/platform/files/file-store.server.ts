// The one module that knows where files live (docs/decisions/050-one-runtime.md): folders under DATA_DIR, or
// Supabase Storage's private buckets when SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY are set. A path is
// `<bucket>/<rest>`, checked here before any file or request, so no name a visitor influences leaves its bucket.
import { randomBytes } from 'node:crypto'
import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { createClient } from '@supabase/supabase-js'
import { dataDirOf, runtimeConfig, type RuntimeConfig } from '../config.server'

export interface FileStore {
  /** Stores the bytes at `path` unless a file is already there (then false, and the old file stays). */
  put(path: string, bytes: Uint8Array, contentType: string): Promise<boolean>
  /** The bytes, or null when there is no such file. */
  get(path: string): Promise<Uint8Array | null>
  /** Removes these files; a path that is not there is fine. */
  remove(paths: readonly string[]): Promise<void>
  /** Removes every file under `prefix/` (a lead's photos); none is fine. */
  removeFolder(prefix: string): Promise<void>
}

const BUCKETS = ['lead-photos', 'posted-work'] as const
type Bucket = (typeof BUCKETS)[number]

// No leading dot: that keeps out `.` and `..`, and the folder store's temporary names.
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/
// A lead photo's path, the longest the site makes, is 85 characters.
const MAX_PATH_LENGTH = 200
// Storage's list pages default to 100 entries; it removes at most 1000 objects per request.
const LIST_PAGE = 100
const REMOVE_BATCH = 1000
const STORAGE_TIMEOUT_MS = 30_000

function isBucket(name: string | undefined): name is Bucket {
  return (BUCKETS as readonly (string | undefined)[]).includes(name)
}

function isPath(path: string): boolean {
  const [bucket, ...rest] = path.split('/')
  const segmentsValid = rest.length > 0 && rest.every((segment) => SEGMENT.test(segment))
  return path.length <= MAX_PATH_LENGTH && isBucket(bucket) && segmentsValid
}

/** The bucket and the rest of a path, or an error: every operation passes here first. */
function checkPath(path: string): { bucket: Bucket; rest: string } {
  if (!isPath(path)) throw new Error(`not a file store path: ${JSON.stringify(path.slice(0, 80))}`)
  const [bucket, ...rest] = path.split('/') as [Bucket, ...string[]]
  return { bucket, rest: rest.join('/') }
}

export function openFileStore(config: { dataDir: string; storage?: RuntimeConfig['storage'] }): FileStore {
  return config.storage ? storageStore(config.storage) : folderStore(config.dataDir)
}

/** A rejection handler that answers `value` for these error codes and throws anything else again. */
function unless<T>(codes: readonly string[], value: T) {
  return (error: unknown): T => {
    if (codes.includes(String((error as NodeJS.ErrnoException).code))) return value
    throw error
  }
}

function folderStore(dataDir: string): FileStore {
  const location = (path: string) => {
    const { bucket, rest } = checkPath(path)
    return join(dataDir, bucket, rest)
  }
  return {
    async put(path, bytes) {
      const target = location(path)
      // Modes are given on every create (a umask only narrows them): these are visitors' private photos.
      await mkdir(dirname(target), { recursive: true, mode: 0o700 })
      // Written beside under a name no path can take, then linked: a reader never sees half a file, and link
      // refuses to replace a file already at `path`.
      const temporary = join(dirname(target), `.${randomBytes(8).toString('hex')}.tmp`)
      try {
        await writeFile(temporary, bytes, { mode: 0o600, flag: 'wx' })
        return await link(temporary, target).then(() => true, unless(['EEXIST'], false))
      } finally {
        await rm(temporary, { force: true })
      }
    },
    async get(path) {
      const bytes = await readFile(location(path)).catch(unless(['ENOENT', 'ENOTDIR', 'EISDIR'], null))
      return bytes && new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    },
    async remove(paths) {
      const targets = paths.map(location)
      await Promise.all(targets.map((target) => rm(target, { force: true })))
    },
    async removeFolder(prefix) {
      await rm(location(prefix), { recursive: true, force: true })
    },
  }
}

/** supabase-js builds a Realtime client at once, which needs a WebSocket Node 20 lacks; this store opens none. */
class NoRealtime {
  constructor() {
    throw new Error('the file store does not use Supabase Realtime')
  }
}

/** Storage's two expected refusals come as HTTP 400 with statusCode "404"/"409" in the body, or as that status. */
function answered(error: unknown, status: number): boolean {
  const answer = (error ?? {}) as { status?: unknown; statusCode?: unknown }
  return answer.status === status || answer.statusCode === String(status)
}

const isMissing = (error: unknown) => answered(error, 404)
// Other 409s (a conflicting transaction) are failures, not a file already there.
const isAlreadyThere = (error: unknown) =>
  answered(error, 409) && /already exists/i.test(String((error as Error).message))

function storageStore({ url, serviceRoleKey }: NonNullable<RuntimeConfig['storage']>): FileStore {
  const client = createClient(url, serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    // A Storage that hangs must not hold a visitor's request for ever.
    global: {
      fetch: (input, init) =>
        fetch(input, { ...init, signal: init?.signal ?? AbortSignal.timeout(STORAGE_TIMEOUT_MS) }),
    },
    ...(typeof (globalThis as { WebSocket?: unknown }).WebSocket === 'function'
      ? {}
      : { realtime: { transport: NoRealtime as never } }),
  })
  const bucketsReady = new Map<Bucket, Promise<void>>()

  /** Names the operation and Storage's status, never Storage's own words, which could echo a request. */
  function failure(operation: string, error: unknown): Error {
    const { status, statusCode, originalError } = (error ?? {}) as Record<string, unknown>
    // An old Storage answers 400 and puts the real status in the body: shown beside it.
    const bodyStatus = typeof statusCode === 'string' && statusCode !== String(status) && /^\w{1,40}$/.test(statusCode)
    const answer =
      typeof status === 'number'
        ? `${status}${bodyStatus ? ` (${statusCode})` : ''}`
        : `no answer (${String((originalError as Error | undefined)?.message ?? error).slice(0, 80)})`
    return new Error(`Storage ${operation} failed: ${answer}`.replaceAll(serviceRoleKey, '[key]'))
  }

  async function createIfMissing(bucket: Bucket): Promise<void> {
    const found = await client.storage.getBucket(bucket)
    if (found.data) return
    if (!isMissing(found.error)) throw failure(`bucket check of ${bucket}`, found.error)
    const created = await client.storage.createBucket(bucket, { public: false })
    // Another instance may have made it in between.
    if (created.error && !isAlreadyThere(created.error)) throw failure(`bucket creation of ${bucket}`, created.error)
  }

  /** Once per bucket in this process; a failure is forgotten, so the next write tries again. */
  function bucketReady(bucket: Bucket): Promise<void> {
    let ready = bucketsReady.get(bucket)
    if (!ready) {
      ready = createIfMissing(bucket)
      ready.catch(() => bucketsReady.delete(bucket))
      bucketsReady.set(bucket, ready)
    }
    return ready
  }

  async function removeObjects(bucket: Bucket, names: readonly string[]): Promise<void> {
    for (let start = 0; start < names.length; start += REMOVE_BATCH) {
      const { error } = await client.storage.from(bucket).remove(names.slice(start, start + REMOVE_BATCH))
      if (error && !isMissing(error)) throw failure(`remove from ${bucket}`, error)
    }
  }

  /** Every object under `folder/`, walking the subfolders Storage lists as entries with a null id. */
  async function objectsUnder(bucket: Bucket, folder: string): Promise<string[]> {
    const names: string[] = []
    for (let offset = 0; ; offset += LIST_PAGE) {
      const { data, error } = await client.storage.from(bucket).list(folder, { limit: LIST_PAGE, offset })
      if (error) {
        if (isMissing(error)) return names
        throw failure(`list in ${bucket}`, error)
      }
      for (const entry of data) {
        const name = `${folder}/${entry.name}`
        if (entry.id !== null) names.push(name)
        // Only into a folder whose path is a valid one: that bounds the depth.
        else if (isPath(`${bucket}/${name}`)) names.push(...(await objectsUnder(bucket, name)))
      }
      if (data.length < LIST_PAGE) return names
    }
  }

  return {
    async put(path, bytes, contentType) {
      const { bucket, rest } = checkPath(path)
      await bucketReady(bucket)
      const { error } = await client.storage.from(bucket).upload(rest, bytes, { contentType, upsert: false })
      if (!error) return true
      if (isAlreadyThere(error)) return false
      throw failure(`upload to ${bucket}`, error)
    },
    async get(path) {
      const { bucket, rest } = checkPath(path)
      const { data, error } = await client.storage.from(bucket).download(rest)
      if (data) return new Uint8Array(await data.arrayBuffer())
      if (isMissing(error)) return null
      throw failure(`download from ${bucket}`, error)
    },
    async remove(paths) {
      const checked = paths.map(checkPath)
      for (const bucket of BUCKETS) {
        await removeObjects(
          bucket,
          checked.filter((path) => path.bucket === bucket).map((path) => path.rest),
        )
      }
    },
    async removeFolder(prefix) {
      const { bucket, rest } = checkPath(prefix)
      await removeObjects(bucket, await objectsUnder(bucket, rest))
    },
  }
}

let processFiles: FileStore | undefined

/** The process's file store, from the configuration; tests hand their own to the site's code with useFiles(). */
export function files(): FileStore {
  const config = runtimeConfig()
  return (processFiles ??= openFileStore({ dataDir: dataDirOf(config), storage: config.storage }))
}

/** Makes `next` the site's file store until the returned function puts the previous one back. */
export function useFiles(next: FileStore): () => void {
  const previous = processFiles
  processFiles = next
  return () => void (processFiles = previous)
}
