// The outbox's worker (docs/decisions/008-lead-outbox.md, 019-outbox-sent-journal.md, 048-follow-through.md):
// claims due rows with FOR UPDATE SKIP LOCKED, so N instances on one database deliver each row once, hands
// each to its kind's handler, and marks a batch sent after its journal line. It also runs the daily jobs.
import { randomUUID } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Transporter } from 'nodemailer'
import type { RuntimeConfig } from '../config.server'
import type { Database } from '../db/database.server'
import type { FileStore } from '../files/file-store.server'
import { leadEvents } from '../log/lead-events.server'
import { log, outsideRequest } from '../log/logger.server'
import { sanitizeText } from '../leads/lead-email.server'
import { quotesOf } from '../quotes/quotes.server'
import { invoicesOf } from '../payments/invoices.server'
import { runDailyJobs } from './daily-jobs.server'
import { openSentJournal, SENT_JOURNAL_FILE } from './outbox-journal.server'
import { defaultBackoffMs, deliveryIo } from './outbox-io.server'
import { deliverOutboxRow, INVOICE_KINDS, QUOTE_KINDS, type OutboxRow } from './outbox-deliveries.server'

export type OutboxRunResult = { claimed: number; sent: number; failed: number }
export type OutboxWorker = ReturnType<typeof createOutboxWorker>

export interface OutboxOptions {
  db: Database
  dataDir: string
  config: RuntimeConfig
  files: FileStore
  transport?: Transporter
  pollIntervalMs?: number
  backoffMs?: (attempts: number) => number
  /** What "due" is measured against; tests move it instead of waiting for a follow-up (decision 048). */
  now?: () => Date
}

/** One process holds a data folder (decision 030), so an id kept there names that folder's worker across restarts. */
function workerIdOf(dataDir: string): string {
  const file = join(dataDir, 'outbox-worker-id')
  try {
    return readFileSync(file, 'utf8').trim()
  } catch {
    const id = randomUUID()
    mkdirSync(dataDir, { recursive: true })
    writeFileSync(file, id, { mode: 0o600 })
    return id
  }
}

function errorMessage(error: unknown): string {
  return sanitizeText(error instanceof Error ? error.message : String(error), 1000) || 'unknown error'
}

const KICK_DELAY_MS = 100
const BATCH_SIZE = 25
const LEASE_MS = 120_000

export function createOutboxWorker(options: OutboxOptions) {
  const { db, config } = options
  const pollIntervalMs = options.pollIntervalMs ?? 30_000
  const backoff = options.backoffMs ?? defaultBackoffMs
  const now = options.now ?? (() => new Date())
  const ownerId = workerIdOf(options.dataDir)
  const { io, transport } = deliveryIo(config, options.dataDir, options.files, db, options.transport)
  const journal = openSentJournal(join(options.dataDir, SENT_JOURNAL_FILE))
  // Journaled but not yet marked in the database.
  const unmarked = new Set<string>()
  let recovered = false

  async function markSent(ids: string[]): Promise<void> {
    if (ids.length === 0) return
    // Only rows still claimed by this worker: a cause that re-queued a row while its older payload was on the
    // way cleared claimed_by, and the row must go out again with the newer one.
    await db.query(
      `UPDATE outbox SET sent_at = coalesce(sent_at, now()), last_error = NULL, claimed_by = NULL,
              payload = CASE WHEN kind = 'owner_sign_in' THEN NULL ELSE payload END
        WHERE id = ANY($1::uuid[]) AND claimed_by = $2`,
      [ids, ownerId],
    )
    for (const id of ids) unmarked.delete(id)
    if (unmarked.size === 0) journal.clear()
  }

  /** This folder's previous process: what it journaled is marked, what it claimed is due again at once. */
  async function recover(): Promise<void> {
    for (const id of journal.read()) unmarked.add(id)
    await markSent([...unmarked])
    const released = await db.query(
      `UPDATE outbox SET next_attempt_at = now(), claimed_by = NULL WHERE sent_at IS NULL AND claimed_by = $1`,
      [ownerId],
    )
    if (released.affectedRows) log('outbox').info({ count: released.affectedRows }, 'resending what was claimed')
    recovered = true
  }

  async function deliver(row: OutboxRow, result: OutboxRunResult): Promise<void> {
    const leadId = row.leadId
    // The customer's acknowledgement is no message to the owner: its lines have a scope of their own.
    const scope = row.kind === 'customer_acknowledgement' ? 'customer' : 'owner'
    try {
      const done = await deliverOutboxRow(row, io)
      if (row.kind === 'lead_webhook')
        leadEvents.handedToWebhook(leadId, { outboxId: row.outboxId, attempt: row.attempts })
      else if (row.kind !== 'owner_notification')
        log(scope).info({ outboxId: row.outboxId, leadId: leadId || undefined }, done)
    } catch (error) {
      const text = errorMessage(error)
      const delay = Math.max(0, Math.round(backoff(row.attempts)))
      await db.query(
        `UPDATE outbox SET last_error = $2, claimed_by = NULL,
                next_attempt_at = $4::timestamptz + ($3::int * interval '1 millisecond')
          WHERE id = $1`,
        [row.outboxId, text, delay, now()],
      )
      result.failed++
      const failure = { outboxId: row.outboxId, attempt: row.attempts, retryInSeconds: Math.round(delay / 1000) }
      if (row.kind === 'lead_webhook') leadEvents.webhookFailed(leadId, { ...failure, err: text })
      else if (row.kind === 'owner_notification') leadEvents.emailFailed(leadId, { ...failure, err: text })
      else log(scope).warn({ ...failure, err: text }, `${row.kind.replace(/_/g, ' ')} failed`)
      return
    }
    // The mark that counts; the database learns of the whole batch at once.
    unmarked.add(row.outboxId)
    try {
      await journal.append(row.outboxId)
    } catch (error) {
      log('outbox').error({ outboxId: row.outboxId, err: errorMessage(error) }, `journaling the ${row.kind} failed`)
    }
    result.sent++
    if (row.kind === 'owner_notification')
      leadEvents.emailed(leadId, { outboxId: row.outboxId, attempt: row.attempts, to: transport.kind })
  }

  async function processBatch(): Promise<OutboxRunResult> {
    if (!recovered) await recover()
    else await markSent([...unmarked])
    await runDailyJobs(db, now(), config)
    const claimed = await db.query<OutboxRow>(
      `WITH due AS (
         SELECT id FROM outbox
          WHERE sent_at IS NULL AND next_attempt_at <= $5::timestamptz AND NOT (id = ANY($4::uuid[]))
          ORDER BY next_attempt_at, created_at
          LIMIT $1
          FOR UPDATE SKIP LOCKED
       ), claimed AS (
         UPDATE outbox o
            SET attempts = o.attempts + 1, claimed_by = $3,
                next_attempt_at = $5::timestamptz + ($2::int * interval '1 millisecond')
           FROM due WHERE o.id = due.id
         RETURNING o.id, o.lead_id, o.attempts, o.kind, o.payload, o.created_at
       )
       SELECT c.id AS "outboxId", c.kind, coalesce(c.lead_id::text, '') AS "leadId", c.attempts,
              c.payload, q.status, coalesce(q.first_name, '') AS "firstName", coalesce(q.email, '') AS email,
              coalesce(q.phone, '') AS phone, q.source_page AS "sourcePage",
              coalesce(q.created_at, c.created_at) AS "createdAt", q.service_street AS street, q.service_zip AS zip,
              q.preferred_time AS "preferredTime", q.outside_area AS "outsideArea",
              CASE WHEN c.kind = 'owner_morning_list' THEN public.morning_list_leads(c.payload) END AS leads
         FROM claimed c LEFT JOIN leads q ON q.id = c.lead_id`,
      [BATCH_SIZE, LEASE_MS, ownerId, [...unmarked], now()],
    )
    const aboutQuotes = claimed.rows.filter((row) => QUOTE_KINDS.includes(row.kind))
    const quotes = await quotesOf(db, [...new Set(aboutQuotes.map((row) => row.leadId))])
    for (const row of aboutQuotes) row.quote = quotes.get(row.leadId) ?? null
    const aboutInvoices = claimed.rows.filter((row) => INVOICE_KINDS.includes(row.kind))
    const invoices = await invoicesOf(db, [...new Set(aboutInvoices.map((row) => row.leadId))])
    for (const row of aboutInvoices) row.invoice = invoices.get(row.leadId) ?? null
    const result: OutboxRunResult = { claimed: claimed.rows.length, sent: 0, failed: 0 }
    for (const row of claimed.rows) await deliver(row, result)
    try {
      await markSent([...unmarked])
    } catch (error) {
      // Still in `unmarked`: the next run marks them.
      log('outbox').error({ count: unmarked.size, err: errorMessage(error) }, 'marking sent deliveries failed')
    }
    return result
  }

  // One chain, so runs never overlap.
  let chain: Promise<unknown> = Promise.resolve()
  function runOnce(): Promise<OutboxRunResult> {
    const run = chain.then(processBatch, processBatch)
    chain = run.catch(() => undefined)
    return run
  }

  async function drain(maxRounds = 1000): Promise<OutboxRunResult> {
    const total: OutboxRunResult = { claimed: 0, sent: 0, failed: 0 }
    for (let i = 0; i < maxRounds; i++) {
      const round = await runOnce()
      total.claimed += round.claimed
      total.sent += round.sent
      total.failed += round.failed
      if (round.claimed === 0) break
    }
    return total
  }

  let started = false
  let stopped = false
  let timer: ReturnType<typeof setTimeout> | undefined
  let timerDue = 0
  let loopRun: Promise<void> | undefined

  function schedule(delayMs: number): void {
    if (!started || stopped) return
    if (timer) clearTimeout(timer)
    const delay = Math.max(0, Math.min(delayMs, pollIntervalMs))
    timerDue = Date.now() + delay
    timer = setTimeout(() => outsideRequest(tick), delay)
    timer.unref?.()
  }

  /** Until the next row falls due (another instance's rows too, as polled), at most the poll interval. */
  async function nextDelay(lastRun: OutboxRunResult): Promise<number> {
    if (lastRun.claimed >= BATCH_SIZE) return 0
    const next = await db.query<{ ms: number | null }>(
      `SELECT (EXTRACT(EPOCH FROM (min(next_attempt_at) - $1::timestamptz)) * 1000)::float8 AS ms
         FROM outbox WHERE sent_at IS NULL`,
      [now()],
    )
    const ms = next.rows[0]?.ms
    return ms == null ? pollIntervalMs : Math.max(0, ms) + 50
  }

  function tick(): void {
    timer = undefined
    if (!started || stopped || loopRun) return
    loopRun = (async () => {
      let delay = pollIntervalMs
      try {
        delay = await nextDelay(await runOnce())
      } catch (error) {
        if (!stopped) log('outbox').error({ err: errorMessage(error) }, 'worker run failed')
        delay = Math.min(pollIntervalMs, 10_000)
      } finally {
        loopRun = undefined
      }
      schedule(delay)
    })()
  }

  return {
    transportKind: transport.kind,
    /** What /readyz checks. */
    get running() {
      return started && !stopped
    },
    start() {
      if (started || stopped) return
      started = true
      schedule(0)
    },
    async stop() {
      stopped = true
      if (timer) clearTimeout(timer)
      timer = undefined
      await loopRun
      await chain
      transport.close()
      journal.close()
    },
    runOnce,
    drain,
    kick(): void {
      if (!started || stopped || loopRun) return // a running loop re-checks the due time when done
      // Leads of one burst share a batch: one claim and one mark instead of one each.
      if (timer && timerDue <= Date.now() + KICK_DELAY_MS) return
      schedule(KICK_DELAY_MS)
    },
  }
}
