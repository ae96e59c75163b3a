/** Answers: docs/product.md#errors-and-messages. */
import { createHash, randomUUID } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { inspect } from 'node:util'
import * as v from 'valibot'
import { cleanVisitSource, leadSource } from './lead-source'
import { LEAD_ERROR_MESSAGES, leadRequestSchema, leadSubmissionSchema, type LeadSubmitResponse } from './lead-schema'
import type { LeadFieldName } from './lead-form-constants'
import { dataDirOf, type RuntimeConfig } from '../../platform/config.server'
import type { Db } from '../../platform/db/database.server'
import { limitVisitor, visitorHash } from '../../platform/http/rate-limit.server'
import { sanitizeText } from '../../platform/transport/mail.server'
import { log } from '../../platform/log/logger.server'
import { fingerprintText, outsideServiceArea } from './lead-fields.server'
import { createFormTokens, createPhotoTokens, formTokens, photoTokens, type FormTokens } from './tokens.server'
import {
  leadSettingsOf,
  storeLead,
  VisitorLimitedError,
  type LeadSettings,
  type StoredLeadInput,
} from './store-lead.server'
import type { ServiceId } from '../../content/types'
import { shownPrice } from '../prices/index.server'

export interface LeadRequestMeta {
  /** '' when unknown: no per-IP limit. */
  ip: string
  userAgent: string
}

export interface LeadServiceResponse {
  status: number
  body: LeadSubmitResponse
  retryAfterSeconds?: number
}

export interface LeadServiceOptions {
  /** 0 or less: no limit. */
  rateLimit?: number
  rateWindowMs?: number
  minFillMs?: number
  formTokenSecret?: string
  now?: () => number
  unsavedLeadsDir?: string
}

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex')
}

const MAX_PAYLOAD_CHARS = 10_000

function payloadSize(raw: unknown): number {
  try {
    const json = JSON.stringify(raw)
    return typeof json === 'string' ? json.length : 0
  } catch {
    return Number.POSITIVE_INFINITY
  }
}

/** What the visit brought only describes it: cleaned before the size check, a forged one never refuses a lead. */
function withCleanVisitSource(raw: unknown): unknown {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw) || !('visitSource' in raw)) return raw
  return { ...raw, visitSource: cleanVisitSource(raw.visitSource) }
}

function fillTimeReason(token: string | null | undefined, tokens: FormTokens, minFillMs: number): string | null {
  const check = tokens.check(token)
  if (!check.ok) return check.reason
  return check.elapsedMs < minFillMs ? `too-fast:${Math.round(check.elapsedMs)}ms` : null
}

/** A lead the database did not take, kept in DATA_DIR/unsaved-leads for the owner; its path. */
async function writeUnsavedLead(record: Record<string, unknown>, folder = join(dataDirOf(), 'unsaved-leads')) {
  await mkdir(folder, { recursive: true, mode: 0o700 })
  const at = new Date().toISOString().replace(/[:.]/g, '-')
  const file = join(folder, `${at}-${randomUUID()}.json`)
  // The visitor's details are for the owner only.
  await writeFile(file, `${JSON.stringify(record, null, 2)}\n`, { flag: 'wx', mode: 0o600 })
  return file
}

export type LeadService = ReturnType<typeof createLeadService>

export function createLeadService(options: LeadServiceOptions = {}) {
  const now = options.now ?? Date.now
  const limit = { count: options.rateLimit ?? 5, windowMs: options.rateWindowMs ?? 10 * 60_000 }
  const minFillMs = options.minFillMs ?? 2500
  const ownTokens = options.formTokenSecret ? createFormTokens(options.formTokenSecret, now) : undefined
  const ownPhotoTokens = options.formTokenSecret ? createPhotoTokens(options.formTokenSecret, now) : undefined

  async function handle(
    db: Db,
    raw: unknown,
    meta: LeadRequestMeta,
    settings: LeadSettings,
  ): Promise<LeadServiceResponse> {
    const ip = typeof meta?.ip === 'string' ? meta.ip.trim() : ''
    const rateLimited = (retryAfterSeconds: number): LeadServiceResponse => ({
      status: 429,
      body: { success: false, reason: 'rate-limited', error: LEAD_ERROR_MESSAGES.rateLimited },
      retryAfterSeconds,
    })

    // A refused post counts against the visitor's limit too; a valid one is counted in the lead's transaction.
    // Skipped when the IP is unknown, so one bad proxy setup can't block everyone.
    // A database that does not answer limits nobody (the store below fails alike).
    const refuse = async (body: LeadServiceResponse['body']): Promise<LeadServiceResponse> => {
      const retryAfterSeconds = await limitVisitor(db, 'quote', ip, limit).catch(() => 0)
      return retryAfterSeconds > 0 ? rateLimited(retryAfterSeconds) : { status: 400, body }
    }
    const submission = withCleanVisitSource(raw)
    if (payloadSize(submission) > MAX_PAYLOAD_CHARS) {
      return refuse({ success: false, reason: 'invalid', error: LEAD_ERROR_MESSAGES.tooLarge })
    }
    const parsed = v.safeParse(leadSubmissionSchema, submission)
    if (!parsed.success) {
      const issue = parsed.issues[0]
      const error = issue?.message ?? 'Invalid form data'
      const key = issue?.path?.[0]?.key
      const field = typeof key === 'string' && key in leadRequestSchema.entries ? (key as LeadFieldName) : undefined
      return refuse({ success: false, reason: 'invalid', error, ...(field ? { field } : {}) })
    }
    const input = parsed.output

    const fields = {
      firstName: input.firstName,
      email: input.email,
      phone: input.phone,
      street: input.street,
      zip: input.zip,
      preferredTime: input.preferredTime,
    }
    // The stored key ends in a hash of the fields: a changed form is a new lead.
    const idempotencyKey = `${input.idempotencyKey}.${sha256Hex(fingerprintText(fields)).slice(0, 16)}`
    let spamReason: string | null = null
    try {
      const tokens = ownTokens ?? (await formTokens(db))
      spamReason = input.company?.trim() ? 'honeypot' : fillTimeReason(input.formToken, tokens, minFillMs)
      const serviceId = (input.service || null) as ServiceId | null
      const lead: StoredLeadInput = {
        ...fields,
        serviceId,
        shownPrice: await shownPrice(db, serviceId, input.size),
        outsideArea: outsideServiceArea(fields.zip),
        source: leadSource(input.visitSource, input.heardAbout),
        idempotencyKey,
        spamReason,
        sourcePage: input.sourcePage ?? null,
        userAgent: sanitizeText(meta?.userAgent, 512) || null,
        ipHash: await visitorHash(db, ip),
        ...(limit.count > 0 ? { limit: { bucket: 'quote', ...limit } } : {}),
      }
      const result = await storeLead(db, lead, settings)
      // Leads by id only: visitor details never reach the log. Not the stored key: that ends in a hash of their fields.
      const stored = { leadId: result.id, status: spamReason ? 'suspected_spam' : 'new', duplicate: result.duplicate }
      log('lead').info({ ...stored, idempotencyKey: input.idempotencyKey }, 'lead stored')
      // Never for suspected spam, whose visitor sees the usual success. A duplicate gets one too: it is the
      // retry of a visitor whose first answer was lost; the database caps the lead at five photos.
      const photoToken = spamReason ? undefined : (ownPhotoTokens ?? (await photoTokens(db))).issue(result.id)
      return { status: 200, body: photoToken ? { success: true, photoToken } : { success: true } }
    } catch (error) {
      if (error instanceof VisitorLimitedError) return rateLimited(error.retryAfterSeconds)
      const record = {
        ...fields,
        sourcePage: input.sourcePage ?? null,
        spamReason,
        idempotencyKey,
        at: new Date(now()).toISOString(),
        error: error instanceof Error ? error.message : inspect(error, { breakLength: Infinity }),
      }
      await writeUnsavedLead(record, options.unsavedLeadsDir).then(
        (recoveryFile) =>
          log('lead').error({ recoveryFile, err: error }, 'lead not saved; its details are in the recovery file'),
        (recoveryErr: unknown) =>
          log('lead').fatal(
            { err: error, recoveryErr },
            'lead not saved and no recovery file could be written; the visitor was told to call',
          ),
      )
      return { status: 503, body: { success: false, reason: 'call-failed', error: LEAD_ERROR_MESSAGES.saveFailed } }
    }
  }

  return { handle }
}

/** The site's form, by its configuration (QUOTE_*); never throws: a database that does not answer yields 503. */
export function handleLeadSubmission(
  db: Db,
  raw: unknown,
  meta: LeadRequestMeta,
  config: RuntimeConfig,
  now: Date,
): Promise<LeadServiceResponse> {
  // Made per post: without a form token secret of its own, a service holds only its options.
  const service = createLeadService({ ...config.quote, unsavedLeadsDir: join(dataDirOf(config), 'unsaved-leads') })
  return service.handle(db, raw, meta, leadSettingsOf(config, now))
}
