import { randomUUID } from 'node:crypto'
import { MAX_SERVER_FN_BODY_BYTES } from '../../platform/http/server-fn-body.server'
import { VISIT_SOURCE_FIELD } from '~/features/leads/visit-source-constants'
import {
  LEAD_FIELD_NAMES,
  LEAD_FORM_TOKEN_NAME,
  LEAD_HONEYPOT_NAME,
  type LeadFormInitial,
  type LeadFormValues,
} from '~/features/leads/lead-form-constants'
import { serviceIds } from '~/content/types'
import { SHOW_PRICE_INTENT } from '~/features/prices'
import type { RuntimeConfig } from '../../platform/config.server'
import type { Db } from '../../platform/db/database.server'
import { typicalPrice } from '../prices/index.server'
import { readPlainForm } from '../../platform/http/plain-form.server'
import { handleLeadSubmission, sha256Hex } from './lead-service.server'
import { photoTokenCookie } from './photo-token-cookie.server'

/**
 * A post answered with the page itself, the form filled in as it came: refused, or asking the chosen service's
 * typical price. What was typed never goes into a URL.
 */
export interface LeadFormAgain extends LeadFormInitial {
  status: number
  retryAfterSeconds?: number
  result: 'invalid' | 'rate-limited' | 'failed' | 'price'
  message: string
}

// Only the visitor's own fields, each capped: this goes back into their page, nowhere else.
const shownAgain = (values: Partial<LeadFormValues>) =>
  Object.fromEntries(Object.entries(values).map(([name, value]) => [name, value.slice(0, 300)]))

/**
 * The no-JavaScript path. Success is POST/redirect/GET; a refusal is a Response only when nothing can be
 * shown again (another site, too large), otherwise the fields to render the form with, as typed.
 */
export async function handleLeadFormPost(
  db: Db,
  request: Request,
  ip: string,
  config: RuntimeConfig,
  now: Date,
): Promise<Response | LeadFormAgain> {
  const form = await readPlainForm(request, MAX_SERVER_FN_BODY_BYTES)
  if (form instanceof Response) return form
  if (!form) return { status: 400, result: 'invalid', message: 'Invalid form data', values: {}, errors: {} }
  const text = form.text
  const values: Partial<LeadFormValues> = {}
  for (const name of LEAD_FIELD_NAMES) {
    const value = text(name)
    if (value !== undefined) values[name] = value
  }
  if (text(SHOW_PRICE_INTENT.name) === SHOW_PRICE_INTENT.value) {
    // Nothing is stored or counted: the same read as the service tab's, for a visitor without JavaScript. Unread,
    // the form still comes back, without a price, as the enhanced form does then.
    const service = serviceIds.find((id) => id === values.service)
    const price = service ? await typicalPrice(db, service).catch(() => null) : null
    return { status: 200, result: 'price', message: '', values: shownAgain(values), errors: {}, price }
  }
  const formToken = text(LEAD_FORM_TOKEN_NAME)?.slice(0, 200)
  const result = await handleLeadSubmission(
    db,
    {
      ...values,
      company: text(LEAD_HONEYPOT_NAME) ?? '',
      formToken,
      // A cached page holds no per-visitor key: its token stands for the visit.
      idempotencyKey: formToken?.trim() ? `form-${sha256Hex(formToken.trim()).slice(0, 40)}` : randomUUID(),
      sourcePage: text('sourcePage'),
      visitSource: text(VISIT_SOURCE_FIELD),
    },
    { ip, userAgent: request.headers.get('user-agent') ?? '' },
    config,
    now,
  )
  if (result.body.success) {
    // The photo token, in its cookie, lets the result page offer the plain photo form (decision 060).
    const headers = new Headers({ Location: '/quote-request?status=sent' })
    if (result.body.photoToken) headers.set('Set-Cookie', photoTokenCookie(result.body.photoToken))
    return new Response(null, { status: 303, headers })
  }
  const { error, reason, field } = result.body
  return {
    status: result.status,
    ...(result.retryAfterSeconds ? { retryAfterSeconds: result.retryAfterSeconds } : {}),
    result: reason === 'invalid' || reason === 'rate-limited' ? reason : 'failed',
    message: error,
    values: shownAgain(values),
    errors: field ? { [field]: error } : {},
  }
}
