/**
 * Embedded backend: PostgreSQL (PGlite, WASM) stored in `${DATA_DIR}/pglite`, plus the e-mail
 * outbox worker. Zero setup: the first start creates the database, applies
 * `supabase/migrations/*.sql` in filename order (tracked in `schema_migrations`) and runs
 * `supabase/seed.sql` once.
 *
 * DATA_DIR defaults to `.data/` resolved from process.cwd().
 *
 * PGlite is single-process: one database directory must be opened by one process only.
 * - Within a process, opens of the same directory share one PGlite instance (ref-counted).
 * - Across processes, `${DATA_DIR}/pglite.lock` holds the owner's pid; a second live process is
 *   refused with a clear error (a stale lock of a dead process is taken over).
 */
import { randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import seedSqlText from '../../../supabase/seed.sql?raw'
import {
  DEFAULT_VIDEO_MIME,
  isVideoTable,
  type Backend,
  type FeaturedVideo,
  type Review,
  type StoredLeadInput,
  type SubmitQuoteResult,
  type VideoTable,
} from './backend.server'
import { createOutboxWorker, type OutboxOptions, type OutboxWorker } from './outbox.server'
import { answerWithEmbeddedAssistant } from '../assistant/answer.server'
import { parseRuntimeConfig, serverEnv, type Env } from '../config.server'

export interface Migration {
  name: string
  sql: string
}

/** Migrations bundled at build time (so a deployed server needs no source tree). */
const bundledMigrationFiles = import.meta.glob<string>('../../../supabase/migrations/*.sql', {
  query: '?raw',
  import: 'default',
  eager: true,
})

export const bundledMigrations: Migration[] = Object.entries(bundledMigrationFiles)
  .map(([path, sql]) => ({ name: path.slice(path.lastIndexOf('/') + 1), sql }))
  .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))

export const bundledSeedSql: string = seedSqlText

export interface EmbeddedBackendOptions {
  env?: Env
  /** Overrides env.DATA_DIR. Relative paths resolve from process.cwd(). */
  dataDir?: string
  /** Start the outbox loop once the database is ready (default false). */
  startWorker?: boolean
  /** Outbox worker tuning (tests: backoffMs, transport, batchSize …). */
  outbox?: Omit<OutboxOptions, 'db' | 'dataDir' | 'env'>
  /** Override the bundled migrations / seed (tests). `seedSql: null` skips seeding. */
  migrations?: Migration[]
  seedSql?: string | null
}

export interface EmbeddedBackend extends Backend {
  readonly kind: 'embedded'
  /** Absolute DATA_DIR. */
  readonly dataDir: string
  /** Resolves once the database is open and migrated (rejects if that failed; later calls retry). */
  ready(): Promise<void>
  /** The open PGlite instance (after ready). Trusted server-side access (superuser). */
  db(): Promise<PGlite>
  /** The outbox worker (created on first ready; started only with startWorker). */
  outbox(): Promise<OutboxWorker>
  /** Random salt persisted in app_settings (created on first use). */
  ipHashSalt(): Promise<string>
}

export function resolveDataDir(env: Env = serverEnv(), override?: string): string {
  const configured = override?.trim() || parseRuntimeConfig(env).dataDir
  return resolve(process.cwd(), configured)
}

// ---------------------------------------------------------------------------------------------
// One PGlite per directory per process, and a pid lock file across processes
// ---------------------------------------------------------------------------------------------

interface SharedDb {
  db: PGlite
  refs: number
  lockPath: string
}

const REGISTRY = Symbol.for('pressure-washing-site.pglite-registry')
type GlobalWithRegistry = typeof globalThis & { [REGISTRY]?: Map<string, Promise<SharedDb>> }

function registry(): Map<string, Promise<SharedDb>> {
  const g = globalThis as GlobalWithRegistry
  g[REGISTRY] ??= new Map()
  return g[REGISTRY]
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

export const LOCK_FILE = 'pglite.lock'

function acquireLock(dataDir: string): string {
  const lockPath = join(dataDir, LOCK_FILE)
  const content = JSON.stringify({ pid: process.pid, since: new Date().toISOString() })
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      writeFileSync(lockPath, content, { flag: 'wx' })
      return lockPath
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
    let holder: number | undefined
    try {
      const parsed = JSON.parse(readFileSync(lockPath, 'utf8')) as { pid?: unknown }
      holder = typeof parsed.pid === 'number' ? parsed.pid : undefined
    } catch {
      holder = undefined
    }
    if (holder !== undefined && holder !== process.pid && pidAlive(holder)) {
      throw new Error(
        `The database in ${dataDir} is in use by another process (pid ${holder}). ` +
          `Stop that process first. If no such process is running, delete ${lockPath}.`,
      )
    }
    try {
      unlinkSync(lockPath) // stale (dead process) or left by this very process
    } catch {
      // raced with another remover: retry
    }
  }
  throw new Error(`Could not acquire ${lockPath}`)
}

function releaseLock(lockPath: string): void {
  try {
    const parsed = JSON.parse(readFileSync(lockPath, 'utf8')) as { pid?: unknown }
    if (parsed.pid === process.pid) unlinkSync(lockPath)
  } catch {
    // already gone
  }
}

async function openShared(dataDir: string): Promise<SharedDb> {
  const reg = registry()
  const key = dataDir
  let entry = reg.get(key)
  if (!entry) {
    entry = (async () => {
      mkdirSync(dataDir, { recursive: true })
      const lockPath = acquireLock(dataDir)
      try {
        const db = await PGlite.create(join(dataDir, 'pglite'))
        return { db, refs: 0, lockPath }
      } catch (error) {
        releaseLock(lockPath)
        throw error
      }
    })()
    reg.set(key, entry)
    entry.catch(() => {
      if (reg.get(key) === entry) reg.delete(key)
    })
  }
  const shared = await entry
  shared.refs++
  return shared
}

async function releaseShared(dataDir: string, shared: SharedDb): Promise<void> {
  shared.refs--
  if (shared.refs > 0) return
  const reg = registry()
  reg.delete(dataDir)
  try {
    await shared.db.close()
  } finally {
    releaseLock(shared.lockPath)
  }
}

// ---------------------------------------------------------------------------------------------
// Migrations
// ---------------------------------------------------------------------------------------------

export interface MigrationReport {
  fresh: boolean
  applied: string[]
  seeded: boolean
}

/**
 * Apply pending migrations (and, on a fresh database, the seed) in ONE transaction: a crash
 * mid-way leaves the database as it was.
 */
export async function migrate(db: PGlite, migrations: Migration[], seedSql: string | null): Promise<MigrationReport> {
  return db.transaction(async (tx) => {
    const exists = await tx.query<{ t: string | null }>(`SELECT to_regclass('public.schema_migrations')::text AS t`)
    const fresh = !exists.rows[0]?.t
    if (fresh) {
      await tx.exec(`CREATE TABLE public.schema_migrations (
        name text PRIMARY KEY,
        applied_at timestamptz NOT NULL DEFAULT now()
      );
      ALTER TABLE public.schema_migrations ENABLE ROW LEVEL SECURITY;`)
    }
    const done = new Set(
      (await tx.query<{ name: string }>(`SELECT name FROM public.schema_migrations`)).rows.map((r) => r.name),
    )
    const applied: string[] = []
    for (const migration of migrations) {
      if (done.has(migration.name)) continue
      await tx.exec(migration.sql)
      await tx.query(`INSERT INTO public.schema_migrations (name) VALUES ($1)`, [migration.name])
      applied.push(migration.name)
    }
    let seeded = false
    if (fresh && seedSql && seedSql.trim()) {
      await tx.exec(seedSql)
      seeded = true
    }
    return { fresh, applied, seeded }
  })
}

// ---------------------------------------------------------------------------------------------
// Row mapping
// ---------------------------------------------------------------------------------------------

interface VideoRow {
  id: string
  title: string | null
  video_url: string
  mime_type: string | null
  is_featured: boolean
  created_at: Date | string | null
}

function toIso(value: Date | string | null | undefined): string | undefined {
  if (!value) return undefined
  const date = value instanceof Date ? value : new Date(value)
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString()
}

export function toFeaturedVideo(row: VideoRow): FeaturedVideo {
  const mime = row.mime_type?.trim()
  const video: FeaturedVideo = {
    id: String(row.id),
    video_url: row.video_url,
    mime_type: mime ? mime : DEFAULT_VIDEO_MIME,
    is_featured: row.is_featured,
  }
  if (row.title) video.title = row.title
  const created = toIso(row.created_at)
  if (created) video.created_at = created
  return video
}

/**
 * Make `url` the one featured video of `table` (unfeatures the previous one) — trusted use only.
 * Returns the new row's id.
 */
export async function setFeaturedVideo(
  db: PGlite,
  table: VideoTable,
  videoUrl: string,
  mimeType: string | null = null,
  title: string | null = null,
): Promise<string> {
  if (!isVideoTable(table)) throw new Error(`Unknown video table: ${String(table)}`)
  return db.transaction(async (tx) => {
    await tx.query(`UPDATE public.${table} SET is_featured = false WHERE is_featured`)
    const res = await tx.query<{ id: string }>(
      `INSERT INTO public.${table} (title, video_url, mime_type, is_featured) VALUES ($1, $2, $3, true) RETURNING id`,
      [title, videoUrl, mimeType],
    )
    const id = res.rows[0]?.id
    if (!id) throw new Error('insert returned no id')
    return id
  })
}

// ---------------------------------------------------------------------------------------------
// The adapter
// ---------------------------------------------------------------------------------------------

export function createEmbeddedBackend(options: EmbeddedBackendOptions = {}): EmbeddedBackend {
  const env = options.env ?? serverEnv()
  const dataDir = resolveDataDir(env, options.dataDir)
  const migrations = options.migrations ?? bundledMigrations
  const seedSql = options.seedSql === undefined ? bundledSeedSql : options.seedSql

  interface State {
    shared: SharedDb
    worker: OutboxWorker
  }
  let opening: Promise<State> | undefined
  let closed = false
  let saltPromise: Promise<string> | undefined

  function open(): Promise<State> {
    if (closed) return Promise.reject(new Error('The embedded backend is closed'))
    if (!opening) {
      const attempt = (async (): Promise<State> => {
        const shared = await openShared(dataDir)
        try {
          await migrate(shared.db, migrations, seedSql)
          const worker = createOutboxWorker({ ...options.outbox, db: shared.db, dataDir, env })
          if (options.startWorker) worker.start()
          return { shared, worker }
        } catch (error) {
          await releaseShared(dataDir, shared)
          throw error
        }
      })()
      opening = attempt
      // A failed open is not cached: the next call tries again (e.g. after a disk problem is fixed).
      attempt.catch((error: unknown) => {
        if (opening === attempt) opening = undefined
        console.error(`[backend] could not open the embedded database in ${dataDir}:`, error)
      })
    }
    return opening
  }

  async function db(): Promise<PGlite> {
    return (await open()).shared.db
  }

  const backend: EmbeddedBackend = {
    kind: 'embedded',
    dataDir,

    // Grounded in the site's own content (or an LLM when configured); needs no database.
    askAssistant: (message) => answerWithEmbeddedAssistant(message, env),

    async ready() {
      await open()
    },

    db,

    async outbox() {
      return (await open()).worker
    },

    ipHashSalt() {
      if (!saltPromise) {
        const attempt = (async () => {
          const conn = await db()
          await conn.query(
            `INSERT INTO public.app_settings (key, value) VALUES ('ip_hash_salt', $1) ON CONFLICT (key) DO NOTHING`,
            [randomBytes(32).toString('hex')],
          )
          const row = await conn.query<{ value: string }>(
            `SELECT value FROM public.app_settings WHERE key = 'ip_hash_salt'`,
          )
          const value = row.rows[0]?.value
          if (!value) throw new Error('ip_hash_salt missing')
          return value
        })()
        saltPromise = attempt
        attempt.catch(() => {
          if (saltPromise === attempt) saltPromise = undefined
        })
      }
      return saltPromise
    },

    async submitQuote(lead: StoredLeadInput): Promise<SubmitQuoteResult> {
      if (lead.status !== 'new' && lead.status !== 'suspected_spam') {
        throw new Error(`Invalid lead status: ${String(lead.status)}`)
      }
      const state = await open()
      const result = await state.shared.db.transaction(async (tx) => {
        const inserted = await tx.query<{ id: string }>(
          `INSERT INTO public.quote_requests
             (first_name, email, phone, status, idempotency_key, source_page, user_agent, ip_hash, spam_reason)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
           ON CONFLICT (idempotency_key) DO NOTHING
           RETURNING id`,
          [
            lead.firstName,
            lead.email,
            lead.phone,
            lead.status,
            lead.idempotencyKey,
            lead.sourcePage,
            lead.userAgent,
            lead.ipHash,
            lead.status === 'suspected_spam' ? lead.spamReason : null,
          ],
        )
        const newId = inserted.rows[0]?.id
        if (newId) {
          if (lead.status === 'new') {
            await tx.query(
              `INSERT INTO public.quote_outbox (quote_request_id, kind) VALUES ($1, 'owner_notification')`,
              [newId],
            )
          }
          return { id: newId, duplicate: false, notify: lead.status === 'new' }
        }
        // Same submission again (a retry): acknowledge the existing row.
        const existing = await tx.query<{ id: string; status: string }>(
          `SELECT id, status FROM public.quote_requests WHERE idempotency_key = $1`,
          [lead.idempotencyKey],
        )
        const row = existing.rows[0]
        if (!row) throw new Error('idempotency conflict without a row')
        // A retry that now passes the spam checks rescues a false positive.
        if (row.status === 'suspected_spam' && lead.status === 'new') {
          await tx.query(`UPDATE public.quote_requests SET status = 'new', spam_reason = NULL WHERE id = $1`, [row.id])
          await tx.query(
            `INSERT INTO public.quote_outbox (quote_request_id, kind) VALUES ($1, 'owner_notification')
             ON CONFLICT (quote_request_id, kind) DO NOTHING`,
            [row.id],
          )
          return { id: row.id, duplicate: true, notify: true }
        }
        return { id: row.id, duplicate: true, notify: false }
      })
      if (result.notify) state.worker.kick()
      return { success: true, id: result.id, duplicate: result.duplicate }
    },

    async featuredVideo(table: VideoTable): Promise<FeaturedVideo | null> {
      if (!isVideoTable(table)) throw new Error(`Unknown video table: ${String(table)}`)
      const conn = await db()
      const res = await conn.query<VideoRow>(
        `SELECT id, title, video_url, mime_type, is_featured, created_at
           FROM public.${table} WHERE is_featured = true LIMIT 1`,
      )
      const row = res.rows[0]
      return row ? toFeaturedVideo(row) : null
    },

    async reviews(): Promise<Review[]> {
      const conn = await db()
      const res = await conn.query<{
        id: string
        author: string
        avatar: string | null
        rating: number
        text: string
        date: string
      }>(
        `SELECT id, author, avatar, rating, text, to_char(review_date, 'YYYY-MM-DD') AS date
           FROM public.reviews
          WHERE published
          ORDER BY review_date DESC, created_at DESC
          LIMIT 100`,
      )
      return res.rows.map((r) => {
        const review: Review = { id: String(r.id), author: r.author, rating: Number(r.rating), text: r.text, date: r.date }
        if (r.avatar) review.avatar = r.avatar
        return review
      })
    },

    async close() {
      if (closed) return
      closed = true
      const pending = opening
      opening = undefined
      if (!pending) return
      let state: State
      try {
        state = await pending
      } catch {
        return
      }
      try {
        await state.worker.stop()
      } finally {
        await releaseShared(dataDir, state.shared)
      }
    },
  }
  return backend
}
