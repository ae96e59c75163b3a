import { createIsomorphicFn, createServerFn } from '@tanstack/react-start'
import { getRequest, setResponseHeader, setResponseStatus } from '@tanstack/react-start/server'
import { runtimeConfig } from '~/platform/config.server'
import { db } from '~/platform/db/db.server'
import { formTokens, issueRenderedFormToken } from '~/features/leads/tokens.server'
import { handleLeadSubmission } from '~/features/leads/lead-service.server'
import { visitorAddress } from '~/platform/http/visitor-address.server'
import type { LeadSubmissionInput, LeadSubmitResponse } from './lead-schema'

export const submitLead = createServerFn({ method: 'POST' })
  // Passed on as sent: the service checks it, as it does the plain post's, and its size with the keys the schema drops.
  .validator((input: LeadSubmissionInput): unknown => input)
  .handler(async ({ data }): Promise<LeadSubmitResponse> => {
    const request = getRequest()
    const meta = { ip: visitorAddress(request), userAgent: request.headers.get('user-agent') ?? '' }
    const result = await handleLeadSubmission(db, data, meta, runtimeConfig(), new Date())
    if (result.status !== 200) setResponseStatus(result.status)
    if (result.retryAfterSeconds) setResponseHeader('Retry-After', String(result.retryAfterSeconds))
    return result.body
  })

/** At first touch, not page load: its issue time starts the fill time. */
export const issueLeadFormToken = createServerFn({ method: 'GET' }).handler(async (): Promise<string> => {
  return (await formTokens(db)).issue()
})

/** The browser never makes one: it keeps the server's markup. */
export const renderedLeadFormToken = createIsomorphicFn()
  .server(() => issueRenderedFormToken(db))
  .client(() => '')
