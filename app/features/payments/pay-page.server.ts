// The customer's pay page, /pay/<token> (docs/decisions/055-invoices-and-payments.md): its read, its one plain form
// ("Pay $X by card") and the one "not available" answer. The post carries a per-page key, never an amount: the
// balance is the invoice's, read here, and Stripe's page is where the card is typed.
import { randomBytes } from 'node:crypto'
import { PAY_FORM_FIELDS, PAY_PAGE_TEXTS, PAY_TOKEN_PATTERN, payPath } from './invoice'
import type { RuntimeConfig } from '../../platform/config.server'
import type { Db } from '../../platform/db/database.server'
import { readPlainForm } from '../../platform/http/plain-form.server'
import { limitAsQuoteForm, plainPage, seeOther, READS_PER_POST } from '../../platform/http/link-page.server'
import { sanitizeText } from '../../platform/transport/mail.server'
import { log } from '../../platform/log/logger.server'
import { ownerAccess } from '../../platform/http/owner-access.server'
import { invoiceOf } from './invoices.server'
import { cardPayable, otherWaysText } from './payments.server'
import { createCheckout, isSessionId } from './stripe.server'
import { settleReturnedSession } from './stripe-events.server'
import { publishedWorkOfLead } from '../work/index.server'

const MAX_POST_BYTES = 4 * 1024
const CLICK = /^[A-Za-z0-9_-]{16,64}$/

const unavailable = () => plainPage(404, PAY_PAGE_TEXTS.unavailableTitle, PAY_PAGE_TEXTS.unavailable)
const tooMany = (seconds: number) =>
  plainPage(429, PAY_PAGE_TEXTS.title, PAY_PAGE_TEXTS.rateLimited, { 'Retry-After': String(seconds) })

/** The pay page's invoice and the customer's first name and e-mail, by the link's token; null before it is sent. */
async function invoiceOfToken(db: Db, token: string) {
  const row = await db
    .selectFrom('invoices as i')
    .innerJoin('leads as l', 'l.id', 'i.lead_id')
    .select(['i.lead_id', 'l.first_name', 'l.email'])
    .where('i.token', '=', token)
    .where('l.status', 'not in', ['suspected_spam', 'archived'])
    .executeTakeFirst()
  const invoice = row && (await invoiceOf(db, row.lead_id))
  return invoice ? { leadId: row.lead_id, firstName: row.first_name, email: row.email, invoice } : null
}

/** Who opens or posts the page, from where and when, and the settings it reads. */
export interface PayPageVisit {
  ip: string
  now: Date
  settings: Pick<RuntimeConfig, 'stripe' | 'quote' | 'owner'>
}

/** Stripe's hosted pages, or the stand-in's that STRIPE_API_BASE names in tests. */
function checkoutOrigins(stripe: RuntimeConfig['stripe']): string[] {
  const api = stripe?.api
  if (!stripe) return []
  return [api ? `${api.protocol}://${api.host}:${api.port}` : 'https://checkout.stripe.com']
}

/** Whether the invoice's latest payment is a card payment that failed (a bank debit the bank refused). */
async function latestPaymentFailed(db: Db, leadId: string): Promise<boolean> {
  const latest = await db
    .selectFrom('payments')
    .select('state')
    .where('lead_id', '=', leadId)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst()
  return latest?.state === 'failed'
}

/**
 * The page's invoice, or null for a link that shows nothing: unknown, or nothing left to pay. Back from Stripe
 * (`session` one of this invoice's), it shows "Paid, thank you" once the payment is recorded, "Payment
 * processing" until then, even when paid off, and "did not go through" when the bank debit failed or Stripe's
 * session did not charge what it was made for. Opened later, a failed last payment is told the same way.
 */
export async function readPayPage(db: Db, token: string, session: string | null, stripe: RuntimeConfig['stripe']) {
  if (!PAY_TOKEN_PATTERN.test(token)) return null
  const found = await invoiceOfToken(db, token)
  if (!found) return null
  const { leadId, invoice } = found
  let outcome: 'paid' | 'processing' | 'failed' | null = null
  if (session && isSessionId(session)) {
    const made = await db
      .selectFrom('checkout_sessions as c')
      .leftJoin('payments as p', 'p.stripe_session', 'c.id')
      .select(['p.state', 'c.mismatched_at'])
      .where('c.id', '=', session)
      .where('c.lead_id', '=', leadId)
      .executeTakeFirst()
    if (made) {
      const failed = made.state === 'failed' || made.mismatched_at !== null
      outcome = made.state === 'succeeded' ? 'paid' : failed ? 'failed' : 'processing'
    }
  }
  if (!outcome && invoice.balanceCents === 0 && invoice.processingCents === 0) return null
  if (!outcome && invoice.balanceCents > 0 && (await latestPaymentFailed(db, leadId))) outcome = 'failed'
  // Another payment still settling is what the page tells, and it offers no card meanwhile.
  if (outcome === 'failed' && invoice.processingCents > 0) outcome = 'processing'
  const [photos, otherWays] = await Promise.all([publishedWorkOfLead(db, leadId), otherWaysText(db)])
  return {
    token,
    number: invoice.number!,
    firstName: sanitizeText(found.firstName, 60),
    items: invoice.items,
    totalCents: invoice.totalCents,
    paidCents: invoice.paidCents,
    balanceCents: invoice.balanceCents,
    // The owner's posted before/after photos of this job, as the gallery shows them.
    photos,
    // "Pay $X by card" is offered: Stripe is set up and the balance is one Stripe takes (at least $0.50).
    card: cardPayable(stripe, invoice.balanceCents),
    // Where "Pay by card" sends the browser on: Stripe's hosted page (the page's CSP allows it as a form action).
    checkoutOrigins: checkoutOrigins(stripe),
    // A bank debit still settling: the page says "Payment processing" and offers no second payment.
    processing: invoice.processingCents > 0,
    // "Pay by card" was pressed while Stripe could not make the session: the page says so and offers it again.
    cardUnavailable: false,
    // The owner's "other ways to pay" text (Zelle, check, cash); null when he wrote none.
    otherWays,
    outcome,
    // The "Pay by card" form's hidden `click` value: a repeated post of one page is one Checkout Session.
    click: randomBytes(18).toString('base64url'),
  }
}
/** The customer's pay page, /pay/<token>. */
export type PayPageView = NonNullable<Awaited<ReturnType<typeof readPayPage>>>

/** GET: the page's invoice, or the answer that replaces the page. The first view is stamped, unless the owner's. */
export async function payPageGet(
  db: Db,
  request: Request,
  token: string,
  { ip, now, settings }: PayPageVisit,
): Promise<PayPageView | Response> {
  const wait = await limitAsQuoteForm(db, settings.quote, 'pay-page-view', ip, READS_PER_POST)
  if (wait > 0) return tooMany(wait)
  const session = new URL(request.url).searchParams.get('session')
  let view = await readPayPage(db, token, session, settings.stripe)
  if (view?.outcome === 'processing' && session) {
    await settleReturnedSession(db, session, { ...settings, push: Boolean(settings.owner.vapid) }, now)
    view = await readPayPage(db, token, session, settings.stripe)
  }
  if (!view) return unavailable()
  if (!(await ownerAccess()))
    await db
      .updateTable('invoices')
      .set({ first_viewed_at: now })
      .where('token', '=', token)
      .where('first_viewed_at', 'is', null)
      .execute()
  return view
}

/**
 * POST "Pay by card": a fresh Checkout Session for the balance and 303 to Stripe's page. Nothing to pay by card
 * (paid meanwhile, Stripe not set up): 303 back to the page, which says so. From another site: 403. Stripe not
 * answering: the pay page again, 503, saying to try again or call, with the button to try again.
 */
export async function payPagePost(
  db: Db,
  request: Request,
  token: string,
  { ip, now, settings }: PayPageVisit,
): Promise<Response | { view: PayPageView; status: number }> {
  const form = await readPlainForm(request, MAX_POST_BYTES)
  if (form instanceof Response) return form
  if (!PAY_TOKEN_PATTERN.test(token)) return unavailable()
  // Per client, then per token: a token's limit holds however many clients try it.
  const wait =
    (await limitAsQuoteForm(db, settings.quote, 'pay-page', ip)) ||
    (await limitAsQuoteForm(db, settings.quote, 'pay-page-token', token))
  if (wait > 0) return tooMany(wait)
  const found = await invoiceOfToken(db, token)
  if (!found || (found.invoice.balanceCents === 0 && found.invoice.processingCents === 0)) return unavailable()
  const { invoice, email } = found
  if (!settings.stripe || !cardPayable(settings.stripe, invoice.balanceCents)) return seeOther(payPath(token))
  const sent = form?.text(PAY_FORM_FIELDS.click) ?? ''
  const click = CLICK.test(sent) ? sent : randomBytes(18).toString('base64url')
  try {
    const url = await createCheckout(
      db,
      { leadId: found.leadId, token, number: invoice.number!, balanceCents: invoice.balanceCents, email },
      click,
      settings.stripe,
      now,
    )
    return seeOther(url)
  } catch (error) {
    log('payments').error({ err: error instanceof Error ? error.message : String(error) }, 'no Checkout Session made')
    const view = await readPayPage(db, token, null, settings.stripe)
    if (!view) return unavailable()
    return { view: { ...view, cardUnavailable: true }, status: 503 }
  }
}
