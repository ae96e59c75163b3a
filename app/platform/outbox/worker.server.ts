// The outbox's worker (docs/decisions/008-lead-outbox.md, 019-outbox-sent-journal.md, 048-follow-through.md):
// claims due rows (claim.server.ts), builds each with its template and sends it on its channel, and marks a batch
// sent after its journal line. It also runs the daily jobs: the retention and the morning list.
import { randomUUID } from 'node:crypto'
import { closeSync, fdatasync, fstatSync, ftruncateSync, mkdirSync, openSync, readFileSync } from 'node:fs'
import { writeFileSync, writeSync } from 'node:fs'
import { join } from 'node:path'
import type { Transporter } from 'nodemailer'
import type { RuntimeConfig } from '../config.server'
import type { Database } from '../db/database.server'
import type { FileStore } from '../files/file-store.server'
import { sanitizeText } from '../../features/leads/lead-email.server'
import { leadEvents } from '../../features/leads/lead-events.server'
import { log, outsideRequest } from '../log/logger.server'
import { expireLeads } from '../../features/owner/leads.server'
import { sweepExpiredHits } from '../http/rate-limit.server'
import { morningListDay, pacificDate } from '../time/business-hours.server'
import { CHANNELS, defaultBackoffMs, deliveryIo } from './channels.server'
import { claimDue, markFailed, markSent, nextDue, releaseClaims } from './claim.server'
import { enqueue } from './enqueue.server'
import { unpaidInvoices } from '../../features/payments/invoices.server'
import { templateOf, type DeliveryIo, type OutboxRow } from './templates.server'

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

/** Written before the database is told, so a crash cannot resend (decision 019). */
export const SENT_JOURNAL_FILE = 'outbox-sent.log'
// Truncating synced lines blocks the loop ~2 ms on ext4: empty it past this size instead.
export const JOURNAL_CLEAR_BYTES = 64 * 1024

export function openSentJournal(path: string) {
  let fd: number | undefined
  const handle = () => (fd ??= openSync(path, 'a+'))
  return {
    /** Synchronous, so a kill right after cannot lose it; the sync is for power loss. */
    append(outboxId: string): Promise<void> {
      const file = handle()
      writeSync(file, `${outboxId}\n`)
      return new Promise((resolve, reject) => fdatasync(file, (error) => (error ? reject(error) : resolve())))
    },
    read(): string[] {
      let text = ''
      try {
        text = readFileSync(path, 'utf8')
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
      }
      return [...new Set(text.split('\n').filter((line) => /^[0-9a-f-]{36}$/.test(line)))]
    },
    /** Empties the journal once it has grown; every id in it must be marked in the database. */
    clear() {
      const file = handle()
      if (fstatSync(file).size >= JOURNAL_CLEAR_BYTES) ftruncateSync(file, 0)
    },
    close() {
      if (fd !== undefined) closeSync(fd)
      fd = undefined
    },
  }
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

/** Builds the row with its template and sends it on its channel; what went out, for the log. Throws to retry. */
export async function deliverOutboxRow(row: OutboxRow, io: DeliveryIo): Promise<string> {
  const template = templateOf(row.template)
  if (!template) throw new Error(`no template ${row.template} in this version`)
  const what = row.template.replace(/_/g, ' ')
  const built = await template.build(row, io)
  if (typeof built === 'string') return `${what} not sent: ${built}`
  const send = CHANNELS[template.channel] as (message: typeof built, io: DeliveryIo) => Promise<string>
  return `${what} ${await send(built, io)}`
}

/**
 * The morning list of `day`: claims the Pacific date for the day's one list, and queues an e-mail naming the leads
 * still new or contacted and unchanged for over a day, and the invoices still due (decision 055); the claim reads
 * both again as it is sent (decision 048).
 */
export async function queueMorningList(db: Database, day: string, now: Date): Promise<number> {
  return db.transaction().execute(async (tx) => {
    const claimed = await tx
      .insertInto('daily_runs')
      .values({ job: 'morning-list', day })
      .onConflict((conflict) => conflict.doNothing())
      .executeTakeFirst()
    if (!Number(claimed.numInsertedOrUpdatedRows)) return 0
    const waiting = await tx
      .selectFrom('leads')
      .select('id')
      .where('status', 'in', ['new', 'contacted'])
      .where((eb) =>
        eb(eb.fn('greatest', ['created_at', 'last_contact_at']), '<', new Date(now.getTime() - 86_400_000)),
      )
      .orderBy('created_at')
      .execute()
    const due = await unpaidInvoices(tx, now)
    if (waiting.length > 0 || due.length > 0)
      await enqueue(tx, 'owner_morning_list', { payload: { day, leads: waiting.map((l) => l.id) }, dueAt: now })
    return waiting.length + due.length
  })
}

// When this process last saw to each job: the day for the daily ones, so a run asks the database once a day per
// job, and the time of the last sweep.
const done = new WeakMap<Database, { morningList?: string; retention?: string; sweptAt?: number }>()
const SWEEP_INTERVAL_MS = 60_000

async function runDailyJobs(db: Database, now: Date, config: Pick<RuntimeConfig, 'leadRetentionMonths'>) {
  const seen = done.get(db) ?? {}
  done.set(db, seen)
  try {
    // And once a minute, the rate-limit hits whose window has passed (decision 061).
    if (Date.now() - (seen.sweptAt ?? 0) >= SWEEP_INTERVAL_MS) {
      seen.sweptAt = Date.now()
      await sweepExpiredHits(db)
    }
    if (seen.retention !== pacificDate(now)) {
      await expireLeads(db, config.leadRetentionMonths, now)
      seen.retention = pacificDate(now)
    }
    const morning = morningListDay(now)
    if (morning && seen.morningList !== morning) {
      await queueMorningList(db, morning, now)
      seen.morningList = morning
    }
  } catch (error) {
    // The deliveries go on; the next run tries again.
    log('outbox').error({ err: error }, 'a daily job failed')
  }
}

const KICK_DELAY_MS = 100
const BATCH_SIZE = 25
const LEASE_MS = 120_000

export function createOutboxWorker(options: OutboxOptions) {
  const { db, config } = options
  const pollIntervalMs = options.pollIntervalMs ?? 30_000
  const backoff = options.backoffMs ?? defaultBackoffMs
  const now = options.now ?? (() => new Date())
  const worker = workerIdOf(options.dataDir)
  const { io, transport } = deliveryIo(config, options.dataDir, options.files, db, options.transport)
  const journal = openSentJournal(join(options.dataDir, SENT_JOURNAL_FILE))
  // Journaled but not yet marked in the database.
  const unmarked = new Set<string>()
  let recovered = false

  async function markUnmarked(): Promise<void> {
    const ids = [...unmarked]
    if (ids.length === 0) return
    await markSent(db, ids, worker)
    for (const id of ids) unmarked.delete(id)
    if (unmarked.size === 0) journal.clear()
  }

  /** This folder's previous process: what it journaled is marked, what it claimed is due again at once. */
  async function recover(): Promise<void> {
    for (const id of journal.read()) unmarked.add(id)
    await markUnmarked()
    const released = await releaseClaims(db, worker)
    if (released) log('outbox').info({ count: released }, 'resending what was claimed')
    recovered = true
  }

  async function deliver(row: OutboxRow, result: OutboxRunResult): Promise<void> {
    const { leadId, outboxId, attempts: attempt } = row
    // The customer's e-mails are no message to the owner: their lines have a scope of their own.
    const scope = templateOf(row.template)?.channel === 'customer_mail' ? 'customer' : 'owner'
    try {
      const done = await deliverOutboxRow(row, io)
      if (row.template === 'lead_webhook') leadEvents.handedToWebhook(leadId, { outboxId, attempt })
      else if (row.template !== 'owner_notification') log(scope).info({ outboxId, leadId: leadId || undefined }, done)
    } catch (error) {
      const text = errorMessage(error)
      const delay = Math.max(0, Math.round(backoff(attempt)))
      await markFailed(db, outboxId, text, new Date(now().getTime() + delay))
      result.failed++
      const failure = { outboxId, attempt, retryInSeconds: Math.round(delay / 1000) }
      if (row.template === 'lead_webhook') leadEvents.webhookFailed(leadId, { ...failure, err: text })
      else if (row.template === 'owner_notification') leadEvents.emailFailed(leadId, { ...failure, err: text })
      else log(scope).warn({ ...failure, err: text }, `${row.template.replace(/_/g, ' ')} failed`)
      return
    }
    // The mark that counts; the database learns of the whole batch at once.
    unmarked.add(outboxId)
    try {
      await journal.append(outboxId)
    } catch (error) {
      log('outbox').error({ outboxId, err: errorMessage(error) }, `journaling the ${row.template} failed`)
    }
    result.sent++
    if (row.template === 'owner_notification') leadEvents.emailed(leadId, { outboxId, attempt, to: transport.kind })
  }

  async function processBatch(): Promise<OutboxRunResult> {
    if (!recovered) await recover()
    else await markUnmarked()
    await runDailyJobs(db, now(), config)
    const claim = { worker, now: now(), leaseMs: LEASE_MS, limit: BATCH_SIZE, skip: [...unmarked] }
    const rows = await claimDue(db, claim)
    const result: OutboxRunResult = { claimed: rows.length, sent: 0, failed: 0 }
    for (const row of rows) await deliver(row, result)
    try {
      await markUnmarked()
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
  // A kick while the loop runs may come after it read the next due time: the loop then runs again at once.
  let kickedDuringRun = false

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
    const due = await nextDue(db)
    return due ? Math.max(0, due.getTime() - now().getTime()) + 50 : pollIntervalMs
  }

  function tick(): void {
    timer = undefined
    if (!started || stopped || loopRun) return
    kickedDuringRun = false
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
      schedule(kickedDuringRun ? Math.min(delay, KICK_DELAY_MS) : delay)
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
      if (!started || stopped) return
      if (loopRun) {
        kickedDuringRun = true
        return
      }
      // Leads of one burst share a batch: one claim and one mark instead of one each.
      if (timer && timerDue <= Date.now() + KICK_DELAY_MS) return
      schedule(KICK_DELAY_MS)
    },
  }
}
