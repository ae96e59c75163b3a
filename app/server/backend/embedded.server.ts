import { randomBytes } from 'node:crypto'
import type { PGlite } from '@electric-sql/pglite'
import { resolve } from 'node:path'
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
import { createOutboxWorker, type OutboxConfig, type OutboxOptions, type OutboxWorker } from './outbox.server'
import { answerWithEmbeddedAssistant } from '../assistant/answer.server'
import { runtimeConfig, type RuntimeConfig } from '../config.server'
import { log } from '../log/logger.server'
import { bundledMigrations, bundledSeedSql } from './bundled-schema.server'
import { migrate, openShared, releaseShared, type Migration, type SharedDb } from './embedded-database.server'
import { DataFolderLockedError } from './data-folder-lock.server'
import { embeddedOwnerParts } from './embedded-owner.server'
import { embeddedLeadPhotos } from './embedded-photos.server'
import { embeddedPostedWorkFiles } from './embedded-work-files.server'
import { ownerEmail } from './owner-mail.server'
import { purgeLeadFilesIn } from './lead-expiry.server'
import { businessMinutesLater } from './business-hours.server'
import { leadSourceColumns, type LeadSource } from '~/lib/lead-source'

export type EmbeddedConfig = OutboxConfig &
  Pick<RuntimeConfig, 'dataDir' | 'assistant' | 'customerAcknowledgement' | 'escalationMinutes'>

export interface Attachment {
  close(): Promise<void>
}

export interface EmbeddedBackendOptions {
  config?: EmbeddedConfig
  dataDir?: string
  lockWaitMs?: number
  exitIfLocked?: boolean
  startWorker?: boolean
  outbox?: Omit<OutboxOptions, 'db' | 'dataDir' | 'config'>
  migrations?: Migration[]
  seedSql?: string | null
  /** Calls fail at once this long after a failed open, doubling up to a minute. */
  reopenDelayMs?: number
  /** The clock follow-ups are timed by, here and in the outbox; tests move it (decision 048). */
  clock?: () => Date
}

export interface EmbeddedBackend extends Backend {
  readonly kind: 'embedded'
  readonly dataDir: string
  ready(): Promise<void>
  checkReady(): Promise<void>
  /** Superuser: trusted code only. */
  db(): Promise<PGlite>
  outbox(): Promise<OutboxWorker>
  ipHashSalt(): Promise<string>
  /** `start` runs on every open; what it returns closes with the backend. */
  attach(name: string, start: (db: PGlite) => Promise<Attachment | null>): void
}

export function resolveDataDir(configured = runtimeConfig().dataDir, override?: string): string {
  return resolve(process.cwd(), override?.trim() || configured)
}

interface VideoRow {
  id: string
  title: string | null
  video_url: string
  mime_type: string | null
  is_featured: boolean
  created_at: Date | string | null
}

function sourceParams(source: LeadSource | undefined): (string | null)[] {
  const columns = leadSourceColumns(source)
  return [
    columns.channel,
    columns.tags ? JSON.stringify(columns.tags) : null,
    columns.landingPath,
    columns.referrerHost,
    columns.heardAbout,
  ]
}

/** When a lead stored now is pushed again if still new, and after how many minutes; none without alerts. */
function escalation(config: EmbeddedConfig, now: Date): [Date | null, number | null] {
  const minutes = config.escalationMinutes
  return config.owner.vapid && minutes > 0 ? [businessMinutesLater(now, minutes), minutes] : [null, null]
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

/** Trusted use only. */
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

export function createEmbeddedBackend(options: EmbeddedBackendOptions = {}): EmbeddedBackend {
  const config = options.config ?? runtimeConfig()
  const dataDir = resolveDataDir(config.dataDir, options.dataDir)
  const migrations = options.migrations ?? bundledMigrations
  const seedSql = options.seedSql === undefined ? bundledSeedSql : options.seedSql
  const starters = new Map<string, (db: PGlite) => Promise<Attachment | null>>()

  interface State {
    shared: SharedDb
    worker: OutboxWorker
    attached: Attachment[]
  }
  let current: State | undefined
  let opening: Promise<State> | undefined
  // A failed open costs seconds of CPU: do not repeat it per call.
  let lastFailure: { error: unknown; retryAt: number; delayMs: number } | undefined
  const firstReopenDelayMs = options.reopenDelayMs ?? 2_000
  let closed = false
  let saltPromise: Promise<string> | undefined

  function open(): Promise<State> {
    if (closed) return Promise.reject(new Error('The embedded backend is closed'))
    if (!opening && lastFailure && Date.now() < lastFailure.retryAt) return Promise.reject(lastFailure.error)
    if (!opening) {
      const attempt = (async (): Promise<State> => {
        const shared = await openShared(dataDir, options.lockWaitMs)
        try {
          await migrate(shared.db, migrations, seedSql)
          const worker = createOutboxWorker({
            ...options.outbox,
            db: shared.db,
            dataDir,
            config,
            ...(options.clock ? { now: options.clock } : {}),
          })
          if (options.startWorker) worker.start()
          const attached: Attachment[] = []
          for (const start of starters.values()) {
            const attachment = await start(shared.db)
            if (attachment) attached.push(attachment)
          }
          return { shared, worker, attached }
        } catch (error) {
          await releaseShared(dataDir, shared)
          throw error
        }
      })()
      opening = attempt
      attempt.then(
        (state) => {
          lastFailure = undefined
          current = state
        },
        (error: unknown) => {
          if (opening === attempt) opening = undefined
          const delayMs = lastFailure ? Math.min(lastFailure.delayMs * 2, 60_000) : firstReopenDelayMs
          lastFailure = { error, retryAt: Date.now() + delayMs, delayMs }
          log('backend').error({ dataDir, err: error }, 'could not open the embedded database')
          if (options.exitIfLocked && error instanceof DataFolderLockedError) process.exit(1)
        },
      )
    }
    return opening
  }

  async function db(): Promise<PGlite> {
    return (await open()).shared.db
  }

  const backend: EmbeddedBackend = {
    kind: 'embedded',
    dataDir,

    askAssistant: (message) =>
      answerWithEmbeddedAssistant(message, config.assistant.llm, { warn: (text) => log('assistant').warn(text) }),

    async ready() {
      await open()
    },

    attach(name, start) {
      if (starters.has(name)) return
      starters.set(name, start)
      const state = current
      if (!state || closed) return
      start(state.shared.db).then(
        (attachment) => attachment && state.attached.push(attachment),
        (error: unknown) => log('backend').error({ err: error, name }, `could not start ${name}`),
      )
    },

    async checkReady() {
      const state = await open()
      await state.shared.db.query('SELECT 1')
      if (options.startWorker && !state.worker.running) throw new Error('the outbox worker is not running')
    },

    db,

    ...embeddedOwnerParts(db, async () => (await open()).worker.kick(), ownerEmail(config)),

    leadPhotos: embeddedLeadPhotos(dataDir, db, {
      push: () => Boolean(config.owner.vapid),
      kick: () => void open().then((state) => state.worker.kick()),
    }),

    postedWorkFiles: embeddedPostedWorkFiles(dataDir),

    async outbox() {
      return (await open()).worker
    },

    async purgeLeadFiles() {
      return purgeLeadFilesIn(await db(), dataDir)
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
      // The migrations' function, as send-quote-email calls it: one implementation of storing a lead.
      const recorded = await state.shared.db.query<{ lead_id: string; outbox_id: string | null; duplicate: boolean }>(
        `SELECT * FROM public.record_quote_request($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, NULL, $21, $22)`,
        [
          lead.firstName,
          lead.email,
          lead.phone,
          lead.idempotencyKey,
          lead.sourcePage,
          lead.userAgent,
          // The function keys suspected spam on a reason being given.
          lead.status === 'suspected_spam' ? lead.spamReason || 'flagged' : null,
          Boolean(config.leadWebhook),
          Boolean(config.owner.vapid),
          lead.ipHash,
          lead.street ?? null,
          lead.zip ?? null,
          lead.preferredTime ?? null,
          lead.outsideArea ?? null,
          ...sourceParams(lead.source),
          // The client is p_ip_hash, the hash stored with the lead.
          config.customerAcknowledgement,
          ...escalation(config, options.clock?.() ?? new Date()),
        ],
      )
      const row = recorded.rows[0]
      if (!row) throw new Error('record_quote_request returned no row')
      // Something was queued: a new lead, or a suspected one that this retry rescued.
      if (row.outbox_id && !row.duplicate) state.worker.kick()
      return { success: true, id: row.lead_id, duplicate: row.duplicate }
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
        const review: Review = {
          id: String(r.id),
          author: r.author,
          rating: Number(r.rating),
          text: r.text,
          date: r.date,
        }
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
        for (const attachment of state.attached) await attachment.close()
        await state.worker.stop()
      } finally {
        await releaseShared(dataDir, state.shared)
      }
    },
  }
  return backend
}
