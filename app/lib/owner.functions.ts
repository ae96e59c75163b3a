import { createServerFn } from '@tanstack/react-start'
import { setResponseHeader, setResponseStatus } from '@tanstack/react-start/server'
import * as v from 'valibot'
import { runtimeConfig } from '~/server/config.server'
import { embeddedBackend, hasOwnerSession, requireOwner, requireOwnerDb } from '~/server/owner/owner-access.server'
import { listInbox, queueReviewRequest, savePushSubscription, updateLead } from '~/server/owner/inbox.server'
import { listSupabaseInbox, updateSupabaseLead } from '~/server/owner/supabase-owner.server'
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
  // Alerts and review requests go through the embedded outbox.
  const embedded = embeddedBackend() !== null
  return {
    mode,
    signedIn,
    alertsKey: signedIn && embedded ? (config.vapid?.publicKey ?? null) : null,
    reviewLinkSet: embedded && Boolean(config.googleReviewUrl),
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
    const db = await requireOwnerDb()
    if (!runtimeConfig().owner.googleReviewUrl) {
      setResponseStatus(409)
      throw new Error('Set GOOGLE_REVIEW_URL to send review requests')
    }
    const result = await queueReviewRequest(db, data.id)
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
    ;(await embeddedBackend()!.outbox()).kick()
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
    await savePushSubscription(await requireOwnerDb(), data)
    return { saved: true }
  })
