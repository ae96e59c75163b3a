// What a customer's link page (/quote/<token>, /pay/<token>) answers in its own place, and the limit both count by.
import { site } from '../../content/site'
import { LINK_PAGE_HEADERS } from '../../lib/page/link-page-headers'
import type { RuntimeConfig } from '../config.server'
import type { Db } from '../db/database.server'
import { escapeHtml } from '../transport/mail.server'
import { limitVisitor } from './rate-limit.server'

// Reads are cheap, a customer reloads and Stripe retries its webhook: twelve times the posts' limit per client
// (none when that is 0).
export const READS_PER_POST = 12

/** The quote form's limit (QUOTE_RATE_LIMIT per QUOTE_RATE_WINDOW_MS), `times` over: 0, or seconds to wait. */
export function limitAsQuoteForm(
  db: Db,
  { rateLimit, rateWindowMs }: RuntimeConfig['quote'],
  bucket: string,
  key: string,
  times = 1,
): Promise<number> {
  return limitVisitor(db, bucket, key, { count: rateLimit * times, windowMs: rateWindowMs })
}

/**
 * One page with the business's phone number and no script, style or request of its own; its forms, if any, post
 * back to itself. An unknown link's answer is `plainPage`, byte for byte, however the link is unknown: nothing tells
 * whether a token ever existed.
 */
export function linkPage(status: number, title: string, bodyHtml: string, headers: Record<string, string> = {}) {
  const body =
    `<!doctype html><html lang="en-US"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">` +
    `<title>${escapeHtml(title)}</title></head><body><main><h1>${escapeHtml(title)}</h1>${bodyHtml}` +
    `<p><a href="${escapeHtml(site.phoneHref)}">${escapeHtml(site.phone)}</a></p>` +
    `<p><a href="/">${escapeHtml(site.name)}</a></p></main></body></html>`
  return new Response(body, {
    status,
    headers: {
      ...LINK_PAGE_HEADERS,
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': "default-src 'none'; form-action 'self'; frame-ancestors 'none'",
      ...headers,
    },
  })
}

export const plainPage = (status: number, title: string, text: string, headers: Record<string, string> = {}) =>
  linkPage(status, title, `<p>${escapeHtml(text)}</p>`, headers)

export const seeOther = (location: string) =>
  new Response(null, { status: 303, headers: { Location: location, ...LINK_PAGE_HEADERS } })
