import { createServerFn } from '@tanstack/react-start'
import { setResponseHeader, setResponseStatus } from '@tanstack/react-start/server'
import * as v from 'valibot'
import { runtimeConfig } from '~/server/config.server'
import { getBackend } from '~/server/backend/backend-factory.server'
import type { SupabaseBackend } from '~/server/backend/supabase.server'
import { log } from '~/server/log/logger.server'
import { embeddedBackend, hasOwnerSession, requireOwner } from '~/server/owner/owner-access.server'
import { listInbox, queueReviewRequest, savePushSubscription, updateLead } from '~/server/owner/inbox.server'
import {
  listSupabaseInbox,
  requestSupabaseReview,
  saveSupabasePushSubscription,
  updateSupabaseLead,
} from '~/server/owner/supabase-owner.server'
import { OWNER_NOTE_MAX, OWNER_STATUSES, type InboxLead } from './owner-lead'

export interface OwnerState {
  mode: 'ready' | 'unconfigured'
  signedIn: boolean
  alertsKey: string | null
  reviewLinkSet: boolean
}

/** No lead data. */
export const fetchOwnerState = createServerFn({ method: 'GET' }).handler(async (): Promise<OwnerState> => {
  setResponseHeader('Cache-Control', 'private, no-store')
  const config = runtimeConfig().owner
  const mode = config.sessionSecret ? 'ready' : 'unconfigured'
  const signedIn = mode === 'ready' && (await hasOwnerSession())
  return {
    mode,
    signedIn,
    alertsKey: signedIn ? (config.alertsKey ?? null) : null,
    reviewLinkSet: Boolean(config.googleReviewUrl),
  }
})

export const fetchOwnerLeads = createServerFn({ method: 'GET' }).handler(async (): Promise<InboxLead[]> => {
  const owner = await requireOwner()
  return owner.kind === 'embedded' ? listInbox(owner.db) : listSupabaseInbox(owner.at, owner.tokens)
})

function parse<S extends v.GenericSchema>(schema: S) {
  return (input: unknown): v.InferOutput<S> => {
    const result = v.safeParse(schema, input)
    if (!result.success) {
      setResponseStatus(400)
      throw new Error(result.issues[0]?.message ?? 'Invalid request')
    }
    return result.output
  }
}

const leadId = v.pipe(v.string(), v.uuid('not a lead id'))

export const updateOwnerLead = createServerFn({ method: 'POST' })
  .validator(
    parse(
      v.object({
        id: leadId,
        status: v.picklist(OWNER_STATUSES, 'unknown status'),
        note: v.pipe(
          v.string(),
          v.trim(),
          v.maxLength(OWNER_NOTE_MAX, `The note must be ${OWNER_NOTE_MAX} characters or fewer`),
        ),
      }),
    ),
  )
  .handler(async ({ data }): Promise<InboxLead> => {
    const owner = await requireOwner()
    const lead =
      owner.kind === 'embedded'
        ? await updateLead(owner.db, data.id, data)
        : await updateSupabaseLead(owner.at, owner.tokens, data.id, data)
    if (!lead) {
      setResponseStatus(404)
      throw new Error('No such lead')
    }
    return lead
  })

export const sendReviewRequest = createServerFn({ method: 'POST' })
  .validator(parse(v.object({ id: leadId })))
  .handler(async ({ data }): Promise<{ queued: true }> => {
    const owner = await requireOwner()
    const reviewUrl = runtimeConfig().owner.googleReviewUrl
    if (!reviewUrl) {
      setResponseStatus(409)
      throw new Error('Set GOOGLE_REVIEW_URL to send review requests')
    }
    const result =
      owner.kind === 'embedded'
        ? await queueReviewRequest(owner.db, data.id)
        : await requestSupabaseReview(owner.at, owner.tokens, data.id, reviewUrl)
    if (result !== 'queued') {
      setResponseStatus(result === 'no-lead' ? 404 : 409)
      throw new Error(
        result === 'already-sent'
          ? 'A review request was already sent for this lead'
          : result === 'not-won'
            ? 'Mark the lead won first'
            : 'No such lead',
      )
    }
    if (owner.kind === 'embedded') (await embeddedBackend()!.outbox()).kick()
    else {
      // Without it the pg_cron schedule sends it within a minute.
      await (getBackend() as SupabaseBackend)
        .deliverDue()
        .catch((error: unknown) => log('owner').warn({ err: String(error) }, 'send-quote-email not reached'))
    }
    return { queued: true }
  })

const base64Url = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]+=*$/), v.maxLength(200))

export const saveAlertSubscription = createServerFn({ method: 'POST' })
  .validator(
    parse(
      v.object({
        endpoint: v.pipe(v.string(), v.url(), v.startsWith('https://', 'push endpoints are https'), v.maxLength(1000)),
        keys: v.object({ p256dh: base64Url, auth: base64Url }),
      }),
    ),
  )
  .handler(async ({ data }): Promise<{ saved: true }> => {
    const owner = await requireOwner()
    if (owner.kind === 'embedded') await savePushSubscription(owner.db, data)
    else await saveSupabasePushSubscription(owner.at, owner.tokens, data)
    return { saved: true }
  })
