// The customer's page, /quote/<token> (docs/decisions/053-quotes-and-jobs.md): its read, its plain form's post and
// the one "not available" answer. The post carries ids and typed words, never an amount: the total is summed in
// answerQuote from the stored version the page showed (its version and hash).
import { sql } from 'kysely'
import * as v from 'valibot'
import { QUOTE_FORM_FIELDS as F, QUOTE_TOKEN_PATTERN, quotePath, type QuotePageRefusal } from './quote'
import { acceptanceSchema, changesSchema } from './quote-schema'
import { QUOTE_PAGE_TEXTS } from './quote-texts'
import { runtimeConfig } from '../../platform/config.server'
import type { Db } from '../../platform/db/database.server'
import { readPlainForm } from '../../platform/http/plain-form.server'
import { limitAsQuoteForm, plainPage, seeOther, READS_PER_POST } from '../../platform/http/link-page.server'
import { visitorHash } from '../../platform/http/rate-limit.server'
import { visitorAddress } from '../../platform/http/visitor-address.server'
import { sanitizeText } from '../../platform/transport/mail.server'
import { ownerAccess } from '../../platform/http/owner-access.server'
import { quoteOfToken } from './quote-reads.server'
import { answerQuote } from './quotes.server'

const MAX_POST_BYTES = 16 * 1024

/** A request's visit to the page or its day form: who opens it, when, and the site's settings it answers by. */
export const quotePageVisit = (request: Request) => ({
  ip: visitorAddress(request),
  now: new Date(),
  // The quote form's limits, which the page's reads and posts count by.
  limits: runtimeConfig().quote,
  // The owner's alerts are on: a customer's answer is pushed to his phones.
  push: Boolean(runtimeConfig().owner.vapid),
})
export type QuotePageVisit = ReturnType<typeof quotePageVisit>

const unavailable = () => plainPage(404, QUOTE_PAGE_TEXTS.unavailableTitle, QUOTE_PAGE_TEXTS.unavailable)
const tooMany = (seconds: number) =>
  plainPage(429, QUOTE_PAGE_TEXTS.title, QUOTE_PAGE_TEXTS.rateLimited, { 'Retry-After': String(seconds) })
const done = (token: string, outcome: 'accepted' | 'changes') => seeOther(`${quotePath(token)}?done=${outcome}`)

/** The page's quote, or null for a link that shows nothing: an accepted quote shows its acceptance for good. */
export async function readQuotePage(db: Db, token: string) {
  if (!QUOTE_TOKEN_PATTERN.test(token)) return null
  const found = await quoteOfToken(db, token)
  const facts = found?.quote
  if (!facts || (!facts.acceptance && (facts.withdrawn || facts.expired))) return null
  const { version, hash, items, note, terms, validUntil, acceptance, job: booked } = facts
  // The scheduled visit; none once cancelled.
  const job = booked && !booked.cancelled ? { day: booked.day, start: booked.start, end: booked.end } : null
  const firstName = sanitizeText(found.firstName, 60)
  return { token, firstName, version, hash, items, note, terms, validUntil, acceptance, job }
}
/** What the customer's page shows: the newest version, or the accepted one for good. */
export type QuotePageView = NonNullable<Awaited<ReturnType<typeof readQuotePage>>>

/** GET: the page's quote, or the answer that replaces the page. The first view is stamped, unless the owner's. */
export async function quotePageGet(db: Db, token: string, visit: QuotePageVisit): Promise<QuotePageView | Response> {
  const wait = await limitAsQuoteForm(db, visit.limits, 'quote-page-view', visit.ip, READS_PER_POST)
  if (wait > 0) return tooMany(wait)
  const view = await readQuotePage(db, token)
  if (!view) return unavailable()
  if (!view.acceptance && !(await ownerAccess()))
    await db
      .updateTable('quotes')
      .set({ first_viewed_at: sql`now()` })
      .where('token', '=', token)
      .where('first_viewed_at', 'is', null)
      .execute()
  return view
}

/** Each field's first message. */
const fieldErrors = (issues: [v.BaseIssue<unknown>, ...v.BaseIssue<unknown>[]]): QuotePageRefusal['errors'] =>
  Object.fromEntries(Object.entries(v.flatten(issues).nested ?? {}).map(([field, messages]) => [field, messages![0]]))

/**
 * POST: "Accept quote" or "Ask for changes" (the button's `intent`). Done: 303 to the page, which shows it. A
 * refusal: the page again with its status and the message beside the field; a post from another site: 403.
 */
export async function quotePagePost(
  db: Db,
  request: Request,
  token: string,
  visit: QuotePageVisit,
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
  const { ip, now, limits, push } = visit
  // Per client, then per token: a token's limit holds however many clients try it.
  const wait =
    (await limitAsQuoteForm(db, limits, 'quote-page', ip)) ||
    (await limitAsQuoteForm(db, limits, 'quote-page-token', token))
  const view = await readQuotePage(db, token)
  if (!view) return unavailable()
  if (view.acceptance) return done(token, 'accepted')
  const refuse = (refusal: Omit<QuotePageRefusal, 'values' | 'errors'> & Partial<QuotePageRefusal>) => ({
    view,
    refusal: { values, errors: {}, ...refusal },
  })
  if (wait > 0) return refuse({ status: 429, retryAfterSeconds: wait, message: QUOTE_PAGE_TEXTS.rateLimited })

  if (text(F.intent) === 'changes') {
    const parsed = v.safeParse(changesSchema, { message: values.message })
    if (!parsed.success) return refuse({ status: 400, errors: fieldErrors(parsed.issues) })
    const result = await answerQuote(db, token, { push, message: parsed.output.message }, now)
    if (result === 'gone') return unavailable()
    return done(token, result === 'sent' ? 'changes' : 'accepted')
  }

  const parsed = v.safeParse(acceptanceSchema, { name: values.name, agree: values.agree ? 'on' : '' })
  if (!parsed.success) return refuse({ status: 400, errors: fieldErrors(parsed.issues) })
  const stale = () => refuse({ status: 409, message: QUOTE_PAGE_TEXTS.stale, values: { ...values, agree: false } })
  if (text(F.version) !== String(view.version) || text(F.hash) !== view.hash) return stale()
  const answer = {
    push,
    version: view.version,
    hash: view.hash,
    name: parsed.output.name,
    chosen: values.chosen,
    ipHash: await visitorHash(db, ip),
    userAgent: sanitizeText(request.headers.get('user-agent'), 512) || null,
  }
  const result = await answerQuote(db, token, answer, now)
  if (result === 'gone') return unavailable()
  if (result === 'stale') return stale()
  if (result === 'unknown-item')
    return refuse({ status: 400, message: QUOTE_PAGE_TEXTS.unknownItem, values: { ...values, chosen: [] } })
  return done(token, 'accepted')
}
