// docs/decisions/008-lead-outbox.md, 019-outbox-sent-journal.md
import { randomUUID } from 'node:crypto'
import { mkdir, rename, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { createTransport, type Transporter } from 'nodemailer'
import type { PGlite } from '@electric-sql/pglite'
import { sanitizeText, type OwnerNotification } from '../quote/lead-email.server'
import { runtimeConfig, type RuntimeConfig } from '../config.server'
import { leadEvents } from '../log/lead-events.server'
import { log, outsideRequest } from '../log/logger.server'
import { openSentJournal, SENT_JOURNAL_FILE } from './outbox-journal.server'
import { defaultBackoffMs, notificationAddresses, ownerEmail, toSendMail } from './owner-mail.server'
import { deliverOutboxRow, type DeliveryIo, type OutboxKind, type OutboxRow } from './outbox-deliveries.server'
import type { PushTarget } from '../owner/owner-messages.server'
import { morningListDay } from './business-hours.server'

export interface OutboxRunResult {
  claimed: number
  sent: number
  failed: number
}

export interface OutboxWorker {
  readonly transportKind: 'smtp' | 'eml' | 'custom'
  readonly mailDir: string
  /** What /readyz checks. */
  readonly running: boolean
  start(): void
  stop(): Promise<void>
  runOnce(): Promise<OutboxRunResult>
  drain(maxRounds?: number): Promise<OutboxRunResult>
  kick(): void
}

export type OutboxConfig = Pick<
  RuntimeConfig,
  'smtpUrl' | 'quoteNotifyEmail' | 'quoteFromEmail' | 'leadWebhook' | 'owner' | 'production'
>

export interface OutboxOptions {
  db: PGlite
  dataDir: string
  config?: OutboxConfig
  transport?: Transporter
  batchSize?: number
  pollIntervalMs?: number
  leaseMs?: number
  backoffMs?: (attempts: number) => number
  onResult?: (event: { outboxId: string; quoteRequestId: string; ok: boolean; error?: string }) => void
  /** Shared by a process's workers: none releases another's claims. */
  ownerId?: string
  /** What "due" is measured against; tests move it instead of waiting for a follow-up (decision 048). */
  now?: () => Date
}

const PROCESS_OWNER_ID = randomUUID()

interface ClaimedRow {
  outbox_id: string
  kind: OutboxKind
  quote_request_id: string | null
  attempts: number
  payload: OutboxRow['payload']
  status: string | null
  leads: OutboxRow['leads']
  first_name: string | null
  email: string | null
  phone: string | null
  source_page: string | null
  created_at: Date | string | null
  service_street: string | null
  service_zip: string | null
  preferred_time: string | null
  outside_area: boolean | null
}

function errorMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error)
  return sanitizeText(message, 1000) || 'unknown error'
}

const KICK_DELAY_MS = 100

export function createOutboxWorker(options: OutboxOptions): OutboxWorker {
  const config = options.config ?? runtimeConfig()
  const db = options.db
  const batchSize = options.batchSize ?? 25
  const pollIntervalMs = options.pollIntervalMs ?? 30_000
  const leaseMs = options.leaseMs ?? 120_000
  const backoff = options.backoffMs ?? ((attempts: number) => defaultBackoffMs(attempts))
  const mailDir = join(options.dataDir, 'outbox-mail')
  const smtpUrl = config.smtpUrl
  const addresses = notificationAddresses(config)
  const ownerAddress = ownerEmail(config)
  const ownerId = options.ownerId ?? PROCESS_OWNER_ID
  const now = options.now ?? (() => new Date())
  const journal = openSentJournal(join(options.dataDir, SENT_JOURNAL_FILE))
  // Journaled but not yet marked in the database.
  const unmarked = new Set<string>()
  let recovered = false

  let transportKind: OutboxWorker['transportKind']
  let transport: Transporter
  if (options.transport) {
    transportKind = 'custom'
    transport = options.transport
  } else if (smtpUrl) {
    transportKind = 'smtp'
    transport = createTransport({
      url: smtpUrl,
      pool: true,
      maxConnections: 1,
      maxMessages: 100,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
      dnsTimeout: 10_000,
    })
  } else {
    transportKind = 'eml'
    transport = createTransport({ streamTransport: true, buffer: true, newline: 'windows' })
  }

  async function sendMail(notification: OwnerNotification, key: string): Promise<void> {
    const message = toSendMail(notification)
    if (transportKind !== 'eml') {
      await transport.sendMail(message)
      return
    }
    const info = (await transport.sendMail(message)) as { message?: unknown }
    const raw = info.message
    if (!Buffer.isBuffer(raw)) throw new Error('stream transport returned no message buffer')
    await mkdir(mailDir, { recursive: true })
    const file = join(mailDir, `${key}.eml`)
    const tmp = `${file}.${process.pid}.tmp`
    await writeFile(tmp, raw)
    await rename(tmp, file)
    log('outbox').info({ file }, 'quote notification written to a file (set SMTP_URL to send real e-mail)')
  }

  const io: DeliveryIo = {
    addresses,
    ownerEmail: ownerAddress,
    sendMail,
    webhook: config.leadWebhook ?? null,
    vapid: config.owner.vapid
      ? { ...config.owner.vapid, subject: config.owner.vapid.subject ?? `mailto:${ownerAddress}` }
      : null,
    reviewUrl: config.owner.googleReviewUrl ?? null,
    async pushTargets() {
      return (await db.query<PushTarget>(`SELECT endpoint, p256dh, auth FROM public.owner_push_subscriptions`)).rows
    },
    async dropPushTarget(endpoint) {
      await db.query(`DELETE FROM public.owner_push_subscriptions WHERE endpoint = $1`, [endpoint])
    },
  }

  async function markSent(ids: string[]): Promise<void> {
    if (ids.length === 0) return
    await db.query(
      `UPDATE quote_outbox SET sent_at = coalesce(sent_at, now()), last_error = NULL, claimed_by = NULL,
              payload = CASE WHEN kind = 'owner_sign_in' THEN NULL ELSE payload END
        WHERE id = ANY($1::uuid[])`,
      [ids],
    )
    for (const id of ids) unmarked.delete(id)
    if (unmarked.size === 0) journal.clear()
  }

  /** A dead process's journal and claims: at once, not after the lease. */
  async function recover(): Promise<void> {
    for (const id of journal.read()) unmarked.add(id)
    await markSent([...unmarked])
    const released = await db.query(
      `UPDATE quote_outbox SET next_attempt_at = now(), claimed_by = NULL
        WHERE sent_at IS NULL AND claimed_by IS NOT NULL AND claimed_by <> $1`,
      [ownerId],
    )
    if (released.affectedRows)
      log('outbox').info({ count: released.affectedRows }, 'resending what a stopped process had claimed')
    recovered = true
  }

  // The day whose morning list this process has seen to; the database's row is what makes it once (decision 048).
  let morningDone: string | null = null
  async function queueMorningList(): Promise<void> {
    const at = now()
    const day = morningListDay(at)
    if (!day || day === morningDone) return
    try {
      await db.query(`SELECT public.queue_morning_list($1::date, $2::timestamptz)`, [day, at])
      morningDone = day
    } catch (error) {
      // The deliveries go on; the next run tries the list again.
      log('outbox').error({ err: errorMessage(error) }, 'queueing the morning list failed')
    }
  }

  async function processBatch(): Promise<OutboxRunResult> {
    if (!recovered) await recover()
    else await markSent([...unmarked])
    await queueMorningList()
    const claimed = await db.query<ClaimedRow>(
      `WITH due AS (
         SELECT id FROM quote_outbox
          WHERE sent_at IS NULL AND next_attempt_at <= $5::timestamptz AND NOT (id = ANY($4::uuid[]))
          ORDER BY next_attempt_at, created_at
          LIMIT $1
          FOR UPDATE SKIP LOCKED
       ), claimed AS (
         UPDATE quote_outbox o
            SET attempts = o.attempts + 1,
                next_attempt_at = $5::timestamptz + ($2::int * interval '1 millisecond'),
                claimed_by = $3
           FROM due
          WHERE o.id = due.id
         RETURNING o.id, o.quote_request_id, o.attempts, o.kind, o.payload
       )
       SELECT c.id AS outbox_id, c.kind, c.quote_request_id, c.attempts, c.payload, q.status,
              CASE WHEN c.kind = 'owner_morning_list' THEN public.morning_list_leads(c.payload) END AS leads,
              q.first_name, q.email, q.phone, q.source_page, q.created_at,
              q.service_street, q.service_zip, q.preferred_time, q.outside_area
         FROM claimed c LEFT JOIN quote_requests q ON q.id = c.quote_request_id`,
      [batchSize, leaseMs, ownerId, [...unmarked], now()],
    )
    const result: OutboxRunResult = { claimed: claimed.rows.length, sent: 0, failed: 0 }
    for (const row of claimed.rows) {
      const leadId = row.quote_request_id ?? ''
      const what = row.kind.replace(/_/g, ' ')
      // The customer's acknowledgement is no message to the owner: its lines have a scope of their own.
      const scope = row.kind === 'customer_acknowledgement' ? 'customer' : 'owner'
      try {
        const done = await deliverOutboxRow(
          {
            outboxId: row.outbox_id,
            kind: row.kind,
            quoteRequestId: leadId,
            attempts: row.attempts,
            firstName: row.first_name ?? '',
            email: row.email ?? '',
            phone: row.phone ?? '',
            sourcePage: row.source_page,
            createdAt: new Date(row.created_at ?? 0),
            street: row.service_street,
            zip: row.service_zip,
            preferredTime: row.preferred_time,
            outsideArea: row.outside_area,
            status: row.status,
            leads: row.leads,
            payload: row.payload,
          },
          io,
        )
        if (row.kind === 'lead_webhook') {
          leadEvents.handedToWebhook(leadId, { outboxId: row.outbox_id, attempt: row.attempts })
        } else if (row.kind !== 'owner_notification') {
          log(scope).info({ outboxId: row.outbox_id, quoteRequestId: leadId || undefined }, done)
        }
      } catch (error) {
        const text = errorMessage(error)
        const delay = Math.max(0, Math.round(backoff(row.attempts)))
        await db.query(
          `UPDATE quote_outbox
              SET last_error = $2, next_attempt_at = $4::timestamptz + ($3::int * interval '1 millisecond'), claimed_by = NULL
            WHERE id = $1`,
          [row.outbox_id, text, delay, now()],
        )
        result.failed++
        const failure = { outboxId: row.outbox_id, attempt: row.attempts, retryInSeconds: Math.round(delay / 1000) }
        if (row.kind === 'lead_webhook') leadEvents.webhookFailed(leadId, { ...failure, err: text })
        else if (row.kind === 'owner_notification') leadEvents.emailFailed(leadId, { ...failure, err: text })
        else log(scope).warn({ ...failure, err: text }, `${what} failed`)
        options.onResult?.({ outboxId: row.outbox_id, quoteRequestId: leadId, ok: false, error: text })
        continue
      }
      // The mark that counts; the database learns of the whole batch at once, below.
      unmarked.add(row.outbox_id)
      try {
        await journal.append(row.outbox_id)
      } catch (error) {
        log('outbox').error({ outboxId: row.outbox_id, err: errorMessage(error) }, `journaling the ${what} failed`)
      }
      result.sent++
      if (row.kind === 'owner_notification') {
        leadEvents.emailed(leadId, { outboxId: row.outbox_id, attempt: row.attempts, to: transportKind })
      }
      options.onResult?.({ outboxId: row.outbox_id, quoteRequestId: leadId, ok: true })
    }
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
      const r = await runOnce()
      total.claimed += r.claimed
      total.sent += r.sent
      total.failed += r.failed
      if (r.claimed === 0) break
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

  async function nextDelay(lastRun: OutboxRunResult | undefined): Promise<number> {
    if (lastRun && lastRun.claimed >= batchSize) return 0
    const next = await db.query<{ ms: number | null }>(
      `SELECT (EXTRACT(EPOCH FROM (min(next_attempt_at) - $1::timestamptz)) * 1000)::float8 AS ms
         FROM quote_outbox WHERE sent_at IS NULL`,
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
        const r = await runOnce()
        delay = await nextDelay(r)
      } catch (error) {
        if (!stopped) log('outbox').error({ err: errorMessage(error) }, 'worker run failed')
        delay = Math.min(pollIntervalMs, 10_000)
      } finally {
        loopRun = undefined
      }
      schedule(delay)
    })()
  }

  if (transportKind === 'eml' && config.production) {
    log('outbox').warn(
      { mailDir },
      'SMTP_URL is not set: quote notifications are only written to files. Set SMTP_URL so the owner receives them by e-mail.',
    )
  }

  return {
    get transportKind() {
      return transportKind
    },
    mailDir,
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
      transport.close?.()
      journal.close()
    },
    runOnce,
    drain,
    kick() {
      if (!started || stopped) return
      if (loopRun) return // the loop re-checks the due time when done
      // Leads of one burst share a batch: one claim and one mark instead of one each.
      if (timer && timerDue <= Date.now() + KICK_DELAY_MS) return
      schedule(KICK_DELAY_MS)
    },
  }
}
