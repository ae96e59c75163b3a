import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs'
import { request } from 'node:http'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import type { RuntimeConfig } from '../config.server'
import { DataFolderLockedError, lockDataFolder } from '../backend/data-folder-lock.server'
import { migrate, openShared, releaseShared, type Migration } from '../backend/embedded-database.server'
import { removeLeadPhotos } from '../backend/lead-files.server'
import {
  deleteLeadIn,
  LeadRequestError,
  listLeadsIn,
  setLeadStatusIn,
  toOwnerLeads,
  type LeadFilter,
  type OwnerLead,
  type OwnerLeadStatus,
} from './leads.server'
import { dumpDatabase, ownerSocketPath } from './owner-socket.server'
import { conversionsIn, toConversions, type Conversion } from './conversions.server'

export class OwnerCommandError extends Error {
  override name = 'OwnerCommandError'
}

export interface LeadStore {
  readonly via: 'site' | 'folder' | 'supabase'
  list(filter: LeadFilter): Promise<OwnerLead[]>
  setStatus(id: string, status: OwnerLeadStatus): Promise<{ id: string; status: string } | null>
  /** The lead, its pending deliveries and its photos. False: no such lead. */
  delete(id: string): Promise<boolean>
  /** Won leads with a Google click id, won since `since` (an ISO time) or ever. */
  conversions(since?: string): Promise<Conversion[]>
  /** Embedded only. */
  backup(): Promise<Uint8Array>
  close(): Promise<void>
}

interface SocketAnswer {
  status: number
  body: Buffer
}

function askSite(socketPath: string, method: string, path: string, body?: unknown): Promise<SocketAnswer> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body)
    const req = request(
      {
        socketPath,
        method,
        path,
        headers: payload ? { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) } : {},
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }))
        res.on('error', reject)
      },
    )
    req.on('error', reject)
    req.end(payload)
  })
}

function siteError(answer: SocketAnswer): Error {
  let message = answer.body.toString('utf8')
  try {
    message = (JSON.parse(message) as { error?: string }).error ?? message
  } catch {
    // not JSON: shown as is
  }
  return answer.status === 400
    ? new LeadRequestError(message)
    : new OwnerCommandError(`the site answered ${answer.status}: ${message}`)
}

function siteStore(socketPath: string): LeadStore {
  return {
    via: 'site',
    async list(filter) {
      const query = new URLSearchParams()
      if (filter.since) query.set('since', filter.since)
      if (filter.status) query.set('status', filter.status)
      const answer = await askSite(socketPath, 'GET', `/leads?${query}`)
      if (answer.status !== 200) throw siteError(answer)
      return (JSON.parse(answer.body.toString('utf8')) as { leads: OwnerLead[] }).leads
    },
    async setStatus(id, status) {
      const answer = await askSite(socketPath, 'POST', '/leads/status', { id, status })
      if (answer.status === 404) return null
      if (answer.status !== 200) throw siteError(answer)
      return JSON.parse(answer.body.toString('utf8')) as { id: string; status: string }
    },
    async delete(id) {
      const answer = await askSite(socketPath, 'POST', '/leads/delete', { id })
      if (answer.status === 404) return false
      if (answer.status !== 200) throw siteError(answer)
      return true
    },
    async conversions(since) {
      const answer = await askSite(
        socketPath,
        'GET',
        `/leads/conversions?${new URLSearchParams(since ? { since } : {})}`,
      )
      if (answer.status !== 200) throw siteError(answer)
      return (JSON.parse(answer.body.toString('utf8')) as { conversions: Conversion[] }).conversions
    },
    async backup() {
      const answer = await askSite(socketPath, 'GET', '/backup')
      if (answer.status !== 200) throw siteError(answer)
      return new Uint8Array(answer.body)
    },
    async close() {},
  }
}

/** An older site's folder gets the list's functions too. */
function migrationsOnDisk(): Migration[] {
  const folder = fileURLToPath(new URL('../../../supabase/migrations/', import.meta.url))
  return readdirSync(folder)
    .filter((name) => name.endsWith('.sql'))
    .sort()
    .map((name) => ({ name, sql: readFileSync(join(folder, name), 'utf8') }))
}

export function hasDatabase(dataDir: string): boolean {
  return existsSync(join(dataDir, 'pglite', 'PG_VERSION'))
}

async function folderStore(dataDir: string): Promise<LeadStore> {
  const shared = await openShared(dataDir, 0)
  try {
    await migrate(shared.db, migrationsOnDisk(), null)
  } catch (error) {
    await releaseShared(dataDir, shared)
    throw error
  }
  let closed = false
  return {
    via: 'folder',
    list: (filter) => listLeadsIn(shared.db, filter),
    setStatus: (id, status) => setLeadStatusIn(shared.db, id, status),
    delete: (id) => deleteLeadIn(shared.db, dataDir, id),
    conversions: (since) => conversionsIn(shared.db, since ?? null),
    backup: () => dumpDatabase(shared.db),
    async close() {
      if (closed) return
      closed = true
      await releaseShared(dataDir, shared)
    },
  }
}

function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code
}

function permissionError(path: string): OwnerCommandError {
  return new OwnerCommandError(
    `Permission denied on ${path}: run this as the user the site runs as (the owner of the data folder).`,
  )
}

/** Throws when the socket is not ours to use. */
async function siteAnswers(socketPath: string): Promise<boolean> {
  try {
    const answer = await askSite(socketPath, 'GET', '/ping')
    return answer.status === 204
  } catch (error) {
    const code = errorCode(error)
    if (code === 'EACCES' || code === 'EPERM') throw permissionError(socketPath)
    // A site that is closing resets the connection; the data folder's lock still guards what follows.
    if (['ENOENT', 'ECONNREFUSED', 'ENOTDIR', 'EPIPE', 'ECONNRESET'].includes(code ?? '')) return false
    throw error
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** A starting site holds the lock before its socket listens. */
const STARTING_SITE_WAIT_MS = 20_000

export async function openEmbeddedLeadStore(dataDir: string, waitMs = STARTING_SITE_WAIT_MS): Promise<LeadStore> {
  const socketPath = ownerSocketPath(dataDir)
  const deadline = Date.now() + waitMs
  for (;;) {
    if (await siteAnswers(socketPath)) return siteStore(socketPath)
    if (!hasDatabase(dataDir))
      throw new OwnerCommandError(
        `No database in ${join(dataDir, 'pglite')}: start the site once, or restore a backup.`,
      )
    try {
      return await folderStore(dataDir)
    } catch (error) {
      if (errorCode(error) === 'EACCES' || errorCode(error) === 'EPERM') throw permissionError(dataDir)
      if (!(error instanceof DataFolderLockedError)) throw error
      if (Date.now() > deadline)
        throw new OwnerCommandError(
          `${dataDir} is locked by a process that does not answer on ${socketPath} (a site too old for this command, ` +
            `or one with a DATA_DIR path too long for a socket). Stop it, then run this again.`,
        )
    }
    await sleep(500)
  }
}

/** Plain fetch: supabase-js would build an unused Realtime client. */
function supabaseStore(url: string, serviceRoleKey: string): LeadStore {
  async function rpc<T>(name: string, args: Record<string, unknown>): Promise<T> {
    const response = await fetch(`${url.replace(/\/+$/, '')}/rest/v1/rpc/${name}`, {
      method: 'POST',
      headers: {
        apikey: serviceRoleKey,
        Authorization: `Bearer ${serviceRoleKey}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify(args),
    })
    const body = (await response.json().catch(() => null)) as { code?: string; message?: string } | null
    if (response.ok) return body as T
    const message = body?.message ?? response.statusText
    if (body?.code === '23514' || body?.code === '22P02') throw new LeadRequestError(message)
    throw new OwnerCommandError(`Supabase refused the request (${response.status}): ${message}`)
  }
  return {
    via: 'supabase',
    async list(filter) {
      const rows = await rpc<Record<string, unknown>[] | null>('owner_list_leads_v3', {
        p_since: filter.since ?? null,
        p_status: filter.status ?? null,
      })
      return toOwnerLeads(rows ?? [])
    },
    async setStatus(id, status) {
      const rows = await rpc<{ id: string; status: string }[] | null>('owner_set_lead_status', {
        p_id: id,
        p_status: status,
      })
      const row = rows?.[0]
      return row ? { id: String(row.id), status: row.status } : null
    },
    // This shell holds the service role key, so it removes the photos at once rather than leaving them to
    // send-quote-email's next run.
    async delete(id) {
      if (!(await rpc<boolean>('owner_delete_lead', { p_id: id }))) return false
      await removeLeadPhotos({ kind: 'storage', url, serviceRoleKey }, [id])
      await rpc<number>('finish_lead_file_purges', { p_ids: [id] })
      return true
    },
    async conversions(since) {
      return toConversions(
        (await rpc<Record<string, unknown>[] | null>('owner_conversions', { p_since: since ?? null })) ?? [],
      )
    },
    async backup() {
      throw new OwnerCommandError(
        'On Supabase, use its own backups (Dashboard → Database → Backups) or pg_dump: see docs/operations.md.',
      )
    },
    async close() {},
  }
}

export async function openLeadStore(config: RuntimeConfig, dataDir: string): Promise<LeadStore> {
  if (config.ownerSupabase) {
    const { url, serviceRoleKey } = config.ownerSupabase
    if (!serviceRoleKey)
      throw new OwnerCommandError(
        'SUPABASE_URL is set: set SUPABASE_SERVICE_ROLE_KEY too (Dashboard → Project Settings → API Keys) in your ' +
          "own shell, never in the site's environment.",
      )
    return supabaseStore(url, serviceRoleKey)
  }
  return openEmbeddedLeadStore(dataDir)
}

export interface RestoreReport {
  leads: number
  setAside?: string
}

export async function restoreDatabase(dataDir: string, backup: Uint8Array, force: boolean): Promise<RestoreReport> {
  if (backup[0] !== 0x1f || backup[1] !== 0x8b)
    throw new OwnerCommandError('That file is not a backup made by npm run backup (not gzip).')
  if (await siteAnswers(ownerSocketPath(dataDir)))
    throw new OwnerCommandError(`A site is running on ${dataDir}: stop it before restoring.`)
  let release: () => Promise<void>
  try {
    mkdirSync(dataDir, { recursive: true })
    release = await lockDataFolder(dataDir, 0)
  } catch (error) {
    if (error instanceof DataFolderLockedError)
      throw new OwnerCommandError(`A process is using ${dataDir}: stop the site before restoring.`)
    throw error
  }
  const pgDir = join(dataDir, 'pglite')
  let setAside: string | undefined
  try {
    const holdsSomething = existsSync(pgDir) && readdirSync(pgDir).length > 0
    if (holdsSomething && !force)
      throw new OwnerCommandError(
        `${pgDir} already holds a database. Restore into an empty DATA_DIR, or add --force to replace it ` +
          '(the current one is kept beside it).',
      )
    if (holdsSomething) {
      setAside = `${pgDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`
      renameSync(pgDir, setAside)
    } else rmSync(pgDir, { recursive: true, force: true })
    try {
      const db = await PGlite.create(pgDir, { loadDataDir: new Blob([Uint8Array.from(backup)]) })
      try {
        const count = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM public.quote_requests')
        return { leads: count.rows[0]?.n ?? 0, setAside }
      } finally {
        await db.close()
      }
    } catch (error) {
      rmSync(pgDir, { recursive: true, force: true })
      if (setAside) renameSync(setAside, pgDir)
      if (error instanceof OwnerCommandError) throw error
      throw new OwnerCommandError(`The backup could not be restored: ${(error as Error).message}`)
    }
  } finally {
    await release()
  }
}

/** Exit code 2 with the usage for a wrong argument, 1 for a refusal. */
export function runOwnerCommand(main: () => Promise<number>, usage: string): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      if (
        error instanceof LeadRequestError ||
        (error as { code?: string } | null)?.code?.startsWith('ERR_PARSE_ARGS')
      ) {
        console.error(`${(error as Error).message}\n${usage}`)
        process.exit(2)
      }
      console.error(error instanceof OwnerCommandError ? error.message : error)
      process.exit(1)
    },
  )
}
