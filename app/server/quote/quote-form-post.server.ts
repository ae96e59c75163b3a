import { randomUUID } from 'node:crypto'
import { MAX_SERVER_FN_BODY_BYTES } from '../http/server-fn-body.server'
import { QUOTE_FORM_TOKEN_NAME, QUOTE_HONEYPOT_NAME } from '~/lib/quote-form-constants'
import { isSameOriginRequest } from '../http/origin.server'
import { handleQuoteSubmission, sha256Hex } from './quote-service.server'

export type QuotePostStatus = 'sent' | 'invalid' | 'rate-limited' | 'failed'

function seeOther(status: QuotePostStatus, message?: string): Response {
  const query = new URLSearchParams({ status })
  if (message) query.set('message', message.slice(0, 200))
  return new Response(null, { status: 303, headers: { Location: `/quote-request?${query}` } })
}

/** A cached page holds no per-visitor key: its token stands for the visit. */
export function formPostIdempotencyKey(formToken: string | undefined): string {
  const token = formToken?.trim()
  return token ? `form-${sha256Hex(token).slice(0, 40)}` : randomUUID()
}

/** The no-JavaScript path, answered with POST/redirect/GET. */
export async function handleQuoteFormPost(request: Request, ip: string): Promise<Response> {
  if (!isSameOriginRequest(request)) return new Response('Forbidden', { status: 403 })
  const length = Number(request.headers.get('content-length') ?? NaN)
  if (!Number.isFinite(length) || length > MAX_SERVER_FN_BODY_BYTES)
    return new Response('Request too large', { status: 413 })
  let form: FormData
  try {
    form = await request.formData()
  } catch {
    return seeOther('invalid', 'Invalid form data')
  }
  const text = (name: string) => {
    const value = form.get(name)
    return typeof value === 'string' ? value : undefined
  }
  const result = await handleQuoteSubmission(
    {
      firstName: text('firstName'),
      email: text('email'),
      phone: text('phone'),
      street: text('street'),
      zip: text('zip'),
      preferredTime: text('preferredTime'),
      company: text(QUOTE_HONEYPOT_NAME) ?? '',
      formToken: text(QUOTE_FORM_TOKEN_NAME)?.slice(0, 200),
      idempotencyKey: formPostIdempotencyKey(text(QUOTE_FORM_TOKEN_NAME)?.slice(0, 200)),
      sourcePage: text('sourcePage'),
    },
    { ip, userAgent: request.headers.get('user-agent') ?? '' },
  )
  if (result.body.success) return seeOther('sent')
  const status: QuotePostStatus =
    result.body.reason === 'invalid' ? 'invalid' : result.body.reason === 'rate-limited' ? 'rate-limited' : 'failed'
  return seeOther(status, result.body.error)
}
