// The customer's page, /quote/<token> (docs/decisions/053-quotes-and-jobs.md): its read, its plain form's post and
// the one "not available" answer. The post carries ids and typed words, never an amount: the total is summed in
// answerQuote from the stored version the page showed (its version and hash).
import { sql } from 'kysely'
import * as v from 'valibot'
import { site } from '../../content/site'
import {
  QUOTE_FORM_FIELDS as F,
  QUOTE_PAGE_HEADERS,
  QUOTE_TOKEN_PATTERN,
  quotePath,
  type QuotePageField,
  type QuotePageRefusal,
  type QuotePageView,
} from '../../lib/quotes/quote'
import { acceptanceSchema, changesSchema } from '../../lib/quotes/quote-schema'
import { QUOTE_PAGE_TEXTS } from '../../lib/quotes/quote-texts'
import { getBackend, type Backend } from '../backend/backend.server'
import { readPlainForm } from '../http/plain-form.server'
import { limitVisitor, visitorHash } from '../http/rate-limit.server'
import { escapeHtml, sanitizeText } from '../leads/lead-email.server'
import { ownerAccess } from '../owner/owner-access.server'
import { answerQuote, quoteOfToken } from './quotes.server'

// Reads are cheap and a customer reloads: twelve times the posts' limit per client (none when that is 0).
const VIEWS_PER_POST = 12
const MAX_POST_BYTES = 16 * 1024

/**
 * Unknown, expired and withdrawn links get this one answer, byte for byte, so nothing tells whether a token
 * ever existed. No script, no style, no request of its own.
 */
function unavailable(): Response {
  const title = escapeHtml(QUOTE_PAGE_TEXTS.unavailableTitle)
  const body =
    `<!doctype html><html lang="en-US"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">` +
    `<title>${title}</title></head><body><main><h1>${title}</h1><p>${escapeHtml(QUOTE_PAGE_TEXTS.unavailable)}</p>` +
    `<p><a href="${escapeHtml(site.phoneHref)}">${escapeHtml(site.phone)}</a></p>` +
    `<p><a href="/">${escapeHtml(site.name)}</a></p></main></body></html>`
  return new Response(body, {
    status: 404,
    headers: {
      ...QUOTE_PAGE_HEADERS,
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': "default-src 'none'",
    },
  })
}

function tooMany(seconds: number): Response {
  return new Response(`${QUOTE_PAGE_TEXTS.rateLimited}\n`, {
    status: 429,
    headers: { ...QUOTE_PAGE_HEADERS, 'Content-Type': 'text/plain; charset=utf-8', 'Retry-After': String(seconds) },
  })
}

const seeOther = (token: string, done: 'accepted' | 'changes') =>
  new Response(null, { status: 303, headers: { Location: `${quotePath(token)}?done=${done}`, ...QUOTE_PAGE_HEADERS } })

/** The page's quote, or null for a link that shows nothing: an accepted quote shows its acceptance for good. */
export async function readQuotePage(backend: Backend, token: string): Promise<QuotePageView | null> {
  if (!QUOTE_TOKEN_PATTERN.test(token)) return null
  const found = await quoteOfToken(await backend.db(), token)
  const facts = found?.quote
  if (!facts || (!facts.acceptance && (facts.withdrawn || facts.expired))) return null
  const { version, hash, items, note, terms, validUntil, acceptance, job: booked } = facts
  const job = booked && !booked.cancelled ? { day: booked.day, start: booked.start, end: booked.end } : null
  const firstName = sanitizeText(found.firstName, 60)
  return { token, firstName, version, hash, items, note, terms, validUntil, acceptance, job }
}

/** The quote form's limits (QUOTE_RATE_LIMIT per QUOTE_RATE_WINDOW_MS), `times` over: 0, or seconds to wait. */
function hit(backend: Backend, bucket: string, key: string, times = 1): Promise<number> {
  const { rateLimit, rateWindowMs } = backend.config.quote
  return limitVisitor(backend, bucket, key, { count: rateLimit * times, windowMs: rateWindowMs })
}

/** GET: the page's quote, or the answer that replaces the page. The first view is stamped, unless the owner's. */
export async function quotePageGet(
  request: Request,
  token: string,
  ip: string,
  backend: Backend = getBackend(),
): Promise<QuotePageView | Response> {
  const wait = await hit(backend, 'quote-page-view', ip, VIEWS_PER_POST)
  if (wait > 0) return tooMany(wait)
  const view = await readQuotePage(backend, token)
  if (!view) return unavailable()
  if (!view.acceptance && !(await ownerAccess()))
    await (
      await backend.db()
    )
      .updateTable('quotes')
      .set({ first_viewed_at: sql`now()` })
      .where('token', '=', token)
      .where('first_viewed_at', 'is', null)
      .execute()
  return view
}

function fieldErrors(issues: readonly v.BaseIssue<unknown>[]): QuotePageRefusal['errors'] {
  const errors: QuotePageRefusal['errors'] = {}
  for (const issue of issues) {
    const key = issue.path?.[0]?.key as QuotePageField | undefined
    if (key && !errors[key]) errors[key] = issue.message
  }
  return errors
}

/**
 * POST: "Accept quote" or "Ask for changes" (the button's `intent`). Done: 303 to the page, which shows it. A
 * refusal: the page again with its status and the message beside the field; a post from another site: 403.
 */
export async function quotePagePost(
  request: Request,
  token: string,
  ip: string,
  backend: Backend = getBackend(),
): Promise<Response | { view: QuotePageView; refusal: QuotePageRefusal }> {
  const form = await readPlainForm(request, MAX_POST_BYTES)
  if (form instanceof Response) return form
  if (!QUOTE_TOKEN_PATTERN.test(token)) return unavailable()
  const text = (name: string) => form?.text(name)?.slice(0, 4000) ?? ''
  const values = {
    name: text(F.name).slice(0, 300),
    agree: form?.text(F.agree) !== undefined,
    chosen: [...new Set(form?.all(F.option))].slice(0, 30),
    message: text(F.message),
  }
  // Per client, then per token: a token's limit holds however many clients try it.
  const wait = (await hit(backend, 'quote-page', ip)) || (await hit(backend, 'quote-page-token', token))
  const view = await readQuotePage(backend, token)
  if (!view) return unavailable()
  if (view.acceptance) return seeOther(token, 'accepted')
  const refuse = (refusal: Omit<QuotePageRefusal, 'values' | 'errors'> & Partial<QuotePageRefusal>) => ({
    view,
    refusal: { values, errors: {}, ...refusal },
  })
  if (wait > 0) return refuse({ status: 429, retryAfterSeconds: wait, message: QUOTE_PAGE_TEXTS.rateLimited })
  const db = await backend.db()
  const push = Boolean(backend.config.owner.vapid)

  if (text(F.intent) === 'changes') {
    const parsed = v.safeParse(changesSchema, { message: values.message })
    if (!parsed.success) return refuse({ status: 400, errors: fieldErrors(parsed.issues) })
    const result = await answerQuote(db, token, { push, message: parsed.output.message })
    if (result === 'gone') return unavailable()
    backend.deliverSoon()
    return seeOther(token, result === 'sent' ? 'changes' : 'accepted')
  }

  const parsed = v.safeParse(acceptanceSchema, { name: values.name, agree: values.agree ? 'on' : '' })
  if (!parsed.success) return refuse({ status: 400, errors: fieldErrors(parsed.issues) })
  const stale = () => refuse({ status: 409, message: QUOTE_PAGE_TEXTS.stale, values: { ...values, agree: false } })
  if (text(F.version) !== String(view.version) || text(F.hash) !== view.hash) return stale()
  const result = await answerQuote(db, token, {
    push,
    version: view.version,
    hash: view.hash,
    name: parsed.output.name,
    chosen: values.chosen,
    ipHash: await visitorHash(backend, ip),
    userAgent: sanitizeText(request.headers.get('user-agent'), 512) || null,
  })
  if (result === 'gone') return unavailable()
  if (result === 'stale') return stale()
  if (result === 'unknown-item')
    return refuse({ status: 400, message: QUOTE_PAGE_TEXTS.unknownItem, values: { ...values, chosen: [] } })
  backend.deliverSoon()
  return seeOther(token, 'accepted')
}
