import { createServerFn } from '@tanstack/react-start'
import { setResponseHeader } from '@tanstack/react-start/server'
import * as v from 'valibot'
import { runtimeConfig } from '~/platform/config.server'
import { parse } from '~/platform/http/function-input.server'
import { db } from '~/platform/db/db.server'
import { files } from '~/platform/files/file-store.server'
import { pushEndpointRefusal } from '~/platform/transport/push-endpoint.server'
import { savePushSubscription } from '~/platform/transport/push.server'
import { log } from '~/platform/log/logger.server'
import { ownerAccess } from '~/platform/http/owner-access.server'
import { ownerFn, refuse } from '~/platform/http/owner-access.functions'
import { deleteLead } from '~/features/owner/leads.server'
import { leadSources, listInbox, updateLead, type LeadSources } from '~/features/owner/inbox.server'
import { jobValueSchema, OWNER_NOTE_MAX, type InboxLead } from './owner-lead'
import { SOURCE_PERIODS } from './owner-views'
import { OWNER_STATUSES } from '~/features/leads'

/** No lead data. */
export const fetchOwnerState = createServerFn({ method: 'GET' }).handler(async () => {
  setResponseHeader('Cache-Control', 'private, no-store')
  const config = runtimeConfig().owner
  const mode = config.sessionSecret ? ('ready' as const) : ('unconfigured' as const)
  const signedIn = mode === 'ready' && (await ownerAccess()) !== null
  return { mode, signedIn, alertsKey: signedIn ? (config.vapid?.publicKey ?? null) : null }
})
export type OwnerState = Awaited<ReturnType<typeof fetchOwnerState>>

export const fetchOwnerLeads = ownerFn().handler(async (): Promise<InboxLead[]> => listInbox(db))

export const fetchOwnerSources = ownerFn()
  .validator(parse(v.object({ days: v.picklist(SOURCE_PERIODS, 'a period of 30, 90 or 365 days') })))
  .handler(async ({ data }): Promise<LeadSources> => leadSources(db, data.days))

const leadId = v.pipe(v.string(), v.uuid('not a lead id'))

export const updateOwnerLead = ownerFn({ method: 'POST' })
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
        jobValue: jobValueSchema,
      }),
    ),
  )
  .handler(
    async ({ data }): Promise<InboxLead> =>
      (await updateLead(db, data.id, { ...data, jobValueCents: data.jobValue })) ?? refuse(404, 'No such lead'),
  )

export const deleteOwnerLead = ownerFn({ method: 'POST' })
  .validator(parse(v.object({ id: leadId })))
  .handler(async ({ data }): Promise<{ deleted: true }> => {
    if (!(await deleteLead(db, data.id, files(), new Date()))) refuse(404, 'No such lead')
    log('owner').info({ deleted: 1 }, 'the owner deleted a lead')
    return { deleted: true }
  })

const base64Url = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]+=*$/), v.maxLength(200))

export const saveAlertSubscription = ownerFn({ method: 'POST' })
  .validator(
    parse(
      v.object({
        endpoint: v.pipe(v.string(), v.url(), v.startsWith('https://', 'push endpoints are https'), v.maxLength(1000)),
        keys: v.object({ p256dh: base64Url, auth: base64Url }),
      }),
    ),
  )
  .handler(async ({ data }): Promise<{ saved: true }> => {
    const refused = pushEndpointRefusal(data.endpoint, runtimeConfig().owner.pushPolicy)
    if (refused) refuse(400, refused)
    await savePushSubscription(db, data)
    return { saved: true }
  })
