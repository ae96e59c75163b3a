// send-quote-email (docs/product.md#calls-to-the-backend). It answers once the lead is stored; the e-mail, webhook
// and push go out after. A failed one stays due for the next lead or the every-minute schedule (supabase/README.md).
import * as v from 'valibot'
import { site } from '../_shared/app/content/site.ts'
import { quoteRequestSchema, sourcePageSchema } from '../_shared/app/lib/quote-schema.ts'
import { leadSource, visitSourceSchema } from '../_shared/app/lib/lead-source.ts'
import type { LeadWebhookTarget } from '../_shared/app/server/quote/lead-webhook.server.ts'
import { fingerprintText, outsideServiceArea } from '../_shared/app/server/quote/lead-fields.server.ts'
import {
  deliverableKinds,
  deliverOutboxRow,
  type DeliveryIo,
} from '../_shared/app/server/backend/outbox-deliveries.server.ts'
import { purgeQueuedLeadFiles, removeLeadObjects } from '../_shared/app/server/backend/lead-storage.server.ts'
import { businessMinutesLater, morningListDay } from '../_shared/app/server/backend/business-hours.server.ts'
import { continueAfterResponse } from '../_shared/background.ts'
import { getDb, type FunctionsDb } from '../_shared/db.ts'
import { BodyError, gate, json, readJson } from '../_shared/http.ts'
import { env, serviceKey } from '../_shared/env.ts'
import { errorMessage, installRedactingConsole, log } from '../_shared/log.ts'
import { checkRateLimit, RATE_KEY_HEADER } from '../_shared/rate-limit.ts'
import { createMailer, notificationAddresses, type Mailer } from '../_shared/mail.ts'
import { googleReviewUrl, vapidKeys } from '../_shared/owner.ts'
import { leadWebhookTarget } from '../_shared/webhook.ts'

installRedactingConsole()

const OUTBOX_BATCH = 5
const LEASE_MS = 120_000
const BACKOFF_BASE_MS = 5_000
const BACKOFF_MAX_MS = 15 * 60_000

const requestSchema = v.object(
  { ...quoteRequestSchema.entries, sourcePage: sourcePageSchema, visitSource: visitSourceSchema },
  'Invalid form data',
)

export const messages = {
  saveFailed: `We could not save your request. Please call us at ${site.phone}.`,
  rateLimited: `Too many quote requests. Please wait a few minutes or call us at ${site.phone}.`,
}

export function backoffMs(attempts: number): number {
  const exp = Math.min(Math.max(attempts - 1, 0), 30)
  const base = Math.min(BACKOFF_BASE_MS * 2 ** exp, BACKOFF_MAX_MS)
  return Math.round(Math.min(base * (1 + (Math.random() * 0.4 - 0.2)), BACKOFF_MAX_MS))
}

async function sha256Hex(value: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(value))
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('')
}

/** The caller's Idempotency-Key when well formed (the site's random key: no visitor detail in it). */
function siteKey(req: Request): string | null {
  const key = req.headers.get('idempotency-key')?.trim()
  return key && /^[A-Za-z0-9._-]{8,150}$/.test(key) ? key : null
}

/** A retry with the same key and fields: one row, one e-mail. */
async function idempotencyKey(req: Request, fields: Parameters<typeof fingerprintText>[0]): Promise<string> {
  const key = siteKey(req)
  if (!key) return crypto.randomUUID()
  return `${key}.${(await sha256Hex(fingerprintText(fields))).slice(0, 16)}`
}

function sanitizeUserAgent(value: string | null): string | null {
  if (!value) return null
  const clean = value.replace(/[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069]/gu, ' ').trim()
  return clean ? clean.slice(0, 512) : null
}

// It can only lower what a caller gets, so it needs no secret; a resend without it rescues the lead.
const SUSPECTED_SPAM_HEADER = 'x-suspected-spam'

/** A short token: it is stored and shown to the owner. */
function suspectedSpamReason(req: Request): string | null {
  const value = req.headers.get(SUSPECTED_SPAM_HEADER)?.trim()
  if (!value) return null
  return value.match(/^[\w:.-]{1,100}/)?.[0] ?? 'flagged'
}

/** The site's salted hash of the visitor's address (decision 021), which the acknowledgement limit counts. */
function clientKey(req: Request): string | null {
  const key = req.headers.get(RATE_KEY_HEADER)?.trim() ?? ''
  return /^[0-9a-f]{16,128}$/.test(key) ? key : null
}

/** LEAD_ESCALATION_MINUTES (15 unless set; 0: never), counted in opening hours from now (decision 048). */
function escalation(): { escalateAt: Date | null; escalateMinutes: number | null } {
  const setting = Number(env('LEAD_ESCALATION_MINUTES') ?? 15)
  const minutes = Number.isInteger(setting) && setting > 0 && setting <= 720 ? setting : 0
  return minutes > 0
    ? { escalateAt: businessMinutesLater(new Date(), minutes), escalateMinutes: minutes }
    : { escalateAt: null, escalateMinutes: null }
}

let warnedNoMailer = false

/** Returns how many outbox rows (e-mails and webhooks) it claimed, sent or failed. */
export async function deliverNotifications(
  db: FunctionsDb,
  mailer: Mailer | null,
  webhook: LeadWebhookTarget | null,
  prefer: string | null,
): Promise<number> {
  if (!mailer && !warnedNoMailer) {
    warnedNoMailer = true
    log.error(
      '[send-quote-email] no e-mail transport: set RESEND_API_KEY or SMTP_URL. Leads are stored but the owner is not e-mailed.',
    )
  }
  const addresses = notificationAddresses()
  const io: DeliveryIo = {
    addresses,
    ownerEmail: addresses.to,
    sendMail: mailer ? (message, key) => mailer.send(message, key) : null,
    webhook,
    vapid: vapidKeys(),
    reviewUrl: googleReviewUrl(),
    pushTargets: () => db.pushTargets(),
    dropPushTarget: (endpoint) => db.dropPushTarget(endpoint),
  }
  // Rows no one here can deliver stay due, untouched, until their setting is made. Sign-in e-mails are
  // Supabase Auth's in this mode.
  const kinds = deliverableKinds(io, [
    'owner_notification',
    'lead_webhook',
    'owner_push',
    'review_request',
    'owner_photos',
    'owner_photos_push',
    'customer_acknowledgement',
    'owner_escalation',
    'owner_reminder_2d',
    'owner_reminder_7d',
    'owner_morning_list',
  ])
  if (kinds.length === 0) return 0
  let claimed: Awaited<ReturnType<FunctionsDb['claimOutbox']>> = []
  try {
    claimed = await db.claimOutbox(OUTBOX_BATCH, LEASE_MS, prefer, kinds)
    for (const row of claimed) {
      const what = row.kind.replace(/_/g, ' ')
      try {
        const done = await deliverOutboxRow(row, io)
        if (row.kind !== 'owner_notification')
          log.info(`[send-quote-email] ${done}: lead ${row.quoteRequestId} (attempt ${row.attempts})`)
        await db.finishOutbox(row.outboxId, null, 0)
      } catch (error) {
        const delay = backoffMs(row.attempts)
        const text = errorMessage(error)
        log.warn(
          `[send-quote-email] ${what} ${row.outboxId} for lead ${row.quoteRequestId} failed (attempt ${row.attempts}); retrying in ${Math.round(delay / 1000)} s: ${text}`,
        )
        await db
          .finishOutbox(row.outboxId, text, delay)
          .catch((e) => log.error('[send-quote-email] could not record the failure:', e))
      }
    }
  } catch (error) {
    log.error('[send-quote-email] outbox run failed:', error)
  } finally {
    mailer?.close()
  }
  return claimed.length
}

const DUE_RUN_MAX_BATCHES = 10

/**
 * Removes the Storage photos of leads deleted since the last run (queued by the migration): this function
 * holds the service role key, the site does not (docs/decisions/043-lead-deletion.md). A failure stays queued.
 */
async function purgeDeletedLeadPhotos(db: FunctionsDb): Promise<number> {
  const url = env('SUPABASE_URL')
  const key = serviceKey()
  if (!url || !key) return 0
  try {
    return await purgeQueuedLeadFiles(
      { due: (limit) => db.leadFilePurgesDue(limit), finish: (ids) => db.finishLeadFilePurges(ids) },
      (ids) => removeLeadObjects({ url, serviceRoleKey: key }, ids),
    )
  } catch (error) {
    log.warn(`[send-quote-email] photos of deleted leads not removed yet; next run retries: ${errorMessage(error)}`)
    return 0
  }
}

/** `{ "deliverDue": true }`: the schedule's call (supabase/README.md), so no e-mail waits for the next lead. */
async function deliverDue(req: Request): Promise<Response> {
  let db: FunctionsDb
  try {
    db = getDb()
  } catch (error) {
    log.error(`[send-quote-email] scheduled run has no database: ${errorMessage(error)}`)
    return json(req, 500, { success: false, error: 'No database configured' })
  }
  // At or after opening time; the database makes it once a day, whichever instance runs first (decision 048).
  const day = morningListDay(new Date())
  if (day) await db.queueMorningList(day).catch((error) => log.error('[send-quote-email] morning list:', error))
  let claimed = 0
  for (let batch = 0; batch < DUE_RUN_MAX_BATCHES; batch++) {
    const n = await deliverNotifications(db, createMailer(), leadWebhookTarget(), null)
    claimed += n
    if (n < OUTBOX_BATCH) break
  }
  const purged = await purgeDeletedLeadPhotos(db)
  if (purged > 0) log.info(`[send-quote-email] removed the photos of ${purged} deleted lead(s)`)
  return json(req, 200, { success: true, claimed })
}

function isDeliverDue(raw: unknown): boolean {
  return !!raw && typeof raw === 'object' && (raw as { deliverDue?: unknown }).deliverDue === true
}

export async function handler(req: Request): Promise<Response> {
  const early = gate(req)
  if (early) return early

  let raw: unknown
  try {
    raw = await readJson(req)
  } catch (error) {
    return json(req, 400, { success: false, error: error instanceof BodyError ? error.message : 'Invalid form data' })
  }
  if (isDeliverDue(raw)) return deliverDue(req)
  const parsed = v.safeParse(requestSchema, raw)
  if (!parsed.success) {
    return json(req, 400, { success: false, error: parsed.issues[0]?.message ?? 'Invalid form data' })
  }
  const { sourcePage, visitSource, heardAbout, ...fields } = parsed.output

  const verdict = await checkRateLimit(req, 'quote', getDb)
  if (verdict.limited) {
    const res = json(req, 429, { success: false, error: messages.rateLimited })
    res.headers.set('Retry-After', String(verdict.retryAfterSeconds))
    return res
  }

  let db: FunctionsDb
  let stored: { leadId: string; outboxId: string | null; duplicate: boolean }
  const webhook = leadWebhookTarget()
  try {
    db = getDb()
    stored = await db.recordQuoteRequest({
      ...fields,
      outsideArea: outsideServiceArea(fields.zip),
      source: leadSource(visitSource, heardAbout),
      idempotencyKey: await idempotencyKey(req, fields),
      sourcePage: sourcePage ?? null,
      userAgent: sanitizeUserAgent(req.headers.get('user-agent')),
      spamReason: suspectedSpamReason(req),
      webhook: webhook !== null,
      push: vapidKeys() !== null,
      acknowledge: env('CUSTOMER_ACKNOWLEDGEMENT')?.toLowerCase() !== 'off',
      clientKey: clientKey(req),
      ...escalation(),
    })
  } catch (error) {
    // No contact details in a log line: the site keeps the lead (DATA_DIR/unsaved-leads/) and tells the
    // visitor to call. The key is logged without its last part, the site's hash of the visitor's fields.
    const reference = siteKey(req)?.replace(/\.[0-9a-f]{16}$/, '') ?? 'none'
    log.error(
      `[send-quote-email] LEAD NOT SAVED (${errorMessage(error)}): idempotency key ${reference}, at ${new Date().toISOString()}`,
    )
    return json(req, 500, { success: false, error: messages.saveFailed })
  }

  // The visitor never waits for the owner's mail server, the webhook or the push service.
  continueAfterResponse(deliverNotifications(db, createMailer(), webhook, stored.duplicate ? null : stored.outboxId))
  // Only the site's server calls this (SITE_FUNCTION_SECRET); it turns the id into the visitor's photo token (044).
  return json(req, 200, { success: true, leadId: stored.leadId })
}
