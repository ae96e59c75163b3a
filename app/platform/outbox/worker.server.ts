// The outbox's worker (docs/decisions/008-lead-outbox.md, 019-outbox-sent-journal.md, 048, 061): claims due rows,
// builds each with its template and sends it on its channel, and marks a batch sent after its journal line. Once a
// minute it also gives the features' jobs a turn (the retention, the morning list) and sweeps expired rate-limit hits.
import { join } from 'node:path'
import type { Transporter } from 'nodemailer'
import type { RuntimeConfig } from '../config.server'
import type { Db } from '../db/database.server'
import type { FileStore } from '../files/file-store.server'
import { sweepExpiredHits } from '../http/rate-limit.server'
import { log, outsideRequest } from '../log/logger.server'
import { mailTransport, sanitizeText } from '../transport/mail.server'
import { channels, LOG_WORDS } from './channels.server'
import { claimDue, markFailed, markSent, nextDue, releaseClaims, type ClaimedRow } from './claim.server'
import { openSentJournal, SENT_JOURNAL_FILE, workerIdOf } from './journal.server'
import { templateNamed, type Delivery } from './outbox.server'

export type OutboxRunResult = { claimed: number; sent: number; failed: number }
export type OutboxWorker = ReturnType<typeof createOutboxWorker>

export interface OutboxOptions {
  db: Db
  dataDir: string
  config: RuntimeConfig
  files: FileStore
  transport?: Transporter
  pollIntervalMs?: number
  backoffMs?: (attempts: number) => number
  /** What "due" is measured against; tests move it instead of waiting for a follow-up (decision 048). */
  now?: () => Date
}

const BACKOFF_BASE_MS = 5_000
const BACKOFF_MAX_MS = 15 * 60_000

export function defaultBackoffMs(attempts: number, random: () => number = Math.random): number {
  const exp = Math.min(Math.max(attempts - 1, 0), 30)
  const base = Math.min(BACKOFF_BASE_MS * 2 ** exp, BACKOFF_MAX_MS)
  const jitter = 1 + (random() * 0.4 - 0.2)
  return Math.round(Math.min(base * jitter, BACKOFF_MAX_MS))
}

const JOBS = new Map<string, (delivery: Delivery) => Promise<unknown>>()

/** A feature's periodic work, given a turn at most once a minute by each worker; it decides itself what is due. */
export function outboxJob(name: string, run: (delivery: Delivery) => Promise<unknown>): void {
  JOBS.set(name, run)
}

function errorMessage(error: unknown): string {
  return sanitizeText(error instanceof Error ? error.message : String(error), 1000) || 'unknown error'
}

const KICK_DELAY_MS = 100
const BATCH_SIZE = 25
const LEASE_MS = 120_000
const JOBS_EVERY_MS = 60_000

/** The workers this process runs: deliverSoon() reaches them. */
const running = new Set<OutboxWorker>()

/** Delivers what the outbox holds now rather than at the next turn (a lead just stored). */
export function deliverSoon(): void {
  for (const worker of running) worker.kick()
}

/** What /readyz asks: this process sends what it stores. */
export const outboxRunning = () => running.size > 0

/** At shutdown: each worker ends its run and closes its transport. */
export async function stopOutboxes(): Promise<void> {
  await Promise.all([...running].map((worker) => worker.stop()))
}

export function createOutboxWorker(options: OutboxOptions) {
  const { db, config } = options
  const pollIntervalMs = options.pollIntervalMs ?? 30_000
  const backoff = options.backoffMs ?? defaultBackoffMs
  const now = options.now ?? (() => new Date())
  const worker = workerIdOf(options.dataDir)
  const mail = mailTransport(config, options.dataDir, options.transport)
  const send = channels(options, mail)
  const journal = openSentJournal(join(options.dataDir, SENT_JOURNAL_FILE))
  // Journaled but not yet marked in the database.
  const unmarked = new Set<string>()
  let recovered = false
  let jobsRanAt = -Infinity

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
    const released = await releaseClaims(db, worker, now())
    if (released) log('outbox').info({ count: released }, 'resending what was claimed')
    recovered = true
  }

  async function runJobs(): Promise<void> {
    // By the worker's clock, so a clock moved on (decision 048) gives the jobs their turn as time passing would.
    const at = now().getTime()
    if (at >= jobsRanAt && at - jobsRanAt < JOBS_EVERY_MS) return
    jobsRanAt = at
    for (const [name, run] of [['rate-limit sweep', () => sweepExpiredHits(db)] as const, ...JOBS]) {
      // The deliveries go on; the next turn tries again.
      await run({ db, now: now(), config }).catch((error: unknown) =>
        log('outbox').error({ err: errorMessage(error), job: name }, 'a periodic job failed'),
      )
    }
  }

  async function deliver(row: ClaimedRow, result: OutboxRunResult): Promise<void> {
    const { id: outboxId, attempts: attempt } = row
    const leadId = row.leadId ?? undefined
    const template = templateNamed(row.template)
    const what = (row.key && !/\d/.test(row.key) ? row.key : row.template).replace(/[-_]/g, ' ')
    const scope = row.key === 'lead' ? 'lead' : template ? LOG_WORDS[template.channel].scope : 'outbox'
    const to = template?.channel.endsWith('mail') ? { to: mail.kind } : {}
    try {
      if (!template) throw new Error(`no template ${row.template} in this version`)
      const built = await template.build(row.payload, row, { db, now: now(), config })
      const done =
        typeof built === 'string'
          ? `${what} not sent: ${built}`
          : `${what} ${await (send[template.channel] as (message: unknown, row: ClaimedRow) => Promise<string>)(built, row)}`
      log(scope).info({ outboxId, leadId, attempt, ...to }, done)
    } catch (error) {
      const text = errorMessage(error)
      const delay = Math.max(0, Math.round(backoff(attempt)))
      await markFailed(db, outboxId, text, new Date(now().getTime() + delay))
      result.failed++
      const failure = { outboxId, leadId, attempt, retryInSeconds: Math.round(delay / 1000), err: text }
      log(scope).warn(failure, `${what} ${template ? LOG_WORDS[template.channel].noun : 'delivery'} failed; will retry`)
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
  }

  async function processBatch(): Promise<OutboxRunResult> {
    if (!recovered) await recover()
    else await markUnmarked()
    await runJobs()
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
      for (const count of ['claimed', 'sent', 'failed'] as const) total[count] += round[count]
      if (round.claimed === 0) break
    }
    return total
  }

  // Running: in `running`, from start() to stop().
  let stopped = false
  let timer: ReturnType<typeof setTimeout> | undefined
  let timerDue = 0
  let loopRun: Promise<void> | undefined
  // A kick while the loop runs may come after it read the next due time: the loop then runs again at once.
  let kickedDuringRun = false

  function schedule(delayMs: number): void {
    if (!running.has(handle)) return
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
    if (!running.has(handle) || loopRun) return
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

  const handle = {
    transportKind: mail.kind,
    start() {
      if (running.has(handle) || stopped) return
      running.add(handle)
      schedule(0)
    },
    async stop() {
      stopped = true
      running.delete(handle)
      if (timer) clearTimeout(timer)
      timer = undefined
      await loopRun
      await chain
      mail.close()
      journal.close()
    },
    runOnce,
    drain,
    kick(): void {
      if (!running.has(handle)) return
      if (loopRun) {
        kickedDuringRun = true
        return
      }
      // Leads of one burst share a batch: one claim and one mark instead of one each.
      if (timer && timerDue <= Date.now() + KICK_DELAY_MS) return
      schedule(KICK_DELAY_MS)
    },
  }
  return handle
}
