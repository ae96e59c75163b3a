// The Supabase backend's posted-work variants (docs/decisions/049-posted-work.md): the public bucket posted-work,
// written and emptied with the owner's own access token (the bucket's policies decide), read without one.
import { POSTED_WORK_FILE_PATTERN } from '~/lib/posted-work'
import { OwnerSessionError, type PostedWorkFile, type PostedWorkFileStore, type SqlCaller } from './backend.server'

export const POSTED_WORK_BUCKET = 'posted-work'

export interface SupabaseWorkFileAccess {
  url: string
  anonKey: string
  timeoutMs: number
  fetch?: typeof fetch
}

function ownerToken(caller: SqlCaller): string {
  if (caller.as !== 'owner' || !caller.accessToken) throw new OwnerSessionError('Sign in again')
  return caller.accessToken
}

async function failure(response: Response, what: string): Promise<Error> {
  const answer = (await response.json().catch(() => null)) as { message?: unknown } | null
  if (response.status === 401 || response.status === 403) return new OwnerSessionError('Sign in again')
  return new Error(`${what} answered ${response.status}: ${String(answer?.message ?? response.statusText)}`)
}

export function supabasePostedWorkFiles(access: SupabaseWorkFileAccess): PostedWorkFileStore {
  const base = `${access.url.replace(/\/+$/, '')}/storage/v1/object`
  const call = access.fetch ?? fetch
  const headers = (token: string) => ({ Authorization: `Bearer ${token}`, apikey: access.anonKey })

  /** True when stored now, false when the name was there already. */
  async function upload(token: string, file: PostedWorkFile): Promise<boolean> {
    if (!POSTED_WORK_FILE_PATTERN.test(file.name)) throw new Error('not a posted-work file name')
    const response = await call(`${base}/${POSTED_WORK_BUCKET}/${file.name}`, {
      method: 'POST',
      // No upsert: the owner may add, not replace; a name already there holds these same bytes.
      headers: { ...headers(token), 'Content-Type': file.contentType, 'x-upsert': 'false' },
      body: new Blob([file.bytes.slice()], { type: file.contentType }),
      signal: AbortSignal.timeout(access.timeoutMs),
    })
    if (response.ok) {
      await response.body?.cancel()
      return true
    }
    const answer = (await response
      .clone()
      .json()
      .catch(() => null)) as { statusCode?: unknown; error?: unknown } | null
    // Storage answers a duplicate with 409, or with 400 and statusCode "409" in the body.
    if (response.status === 409 || String(answer?.statusCode) === '409' || answer?.error === 'Duplicate') return false
    throw await failure(response, `Storage POST ${POSTED_WORK_BUCKET}/${file.name}`)
  }

  async function remove(names: readonly string[], caller: SqlCaller): Promise<void> {
    if (names.length === 0) return
    for (const name of names) if (!POSTED_WORK_FILE_PATTERN.test(name)) throw new Error('not a posted-work file name')
    const response = await call(`${base}/${POSTED_WORK_BUCKET}`, {
      method: 'DELETE',
      headers: { ...headers(ownerToken(caller)), 'Content-Type': 'application/json' },
      body: JSON.stringify({ prefixes: names }),
      signal: AbortSignal.timeout(access.timeoutMs),
    })
    if (!response.ok) throw await failure(response, `Storage DELETE ${POSTED_WORK_BUCKET}`)
    await response.body?.cancel()
  }

  return {
    async put(files, caller) {
      const token = ownerToken(caller)
      const added: string[] = []
      try {
        for (const file of files) if (await upload(token, file)) added.push(file.name)
        return added
      } catch (error) {
        await remove(added, caller).catch(() => undefined)
        throw error
      }
    },

    remove,

    async read(name) {
      if (!POSTED_WORK_FILE_PATTERN.test(name)) return null
      const response = await call(`${base}/public/${POSTED_WORK_BUCKET}/${name}`, {
        headers: { apikey: access.anonKey },
        signal: AbortSignal.timeout(access.timeoutMs),
      })
      if (response.ok) return new Uint8Array(await response.arrayBuffer())
      await response.body?.cancel()
      // Storage answers a missing object with 400 or 404.
      if (response.status === 400 || response.status === 404) return null
      throw new Error(`reading a posted-work file from Storage failed: ${response.status}`)
    },
  }
}
