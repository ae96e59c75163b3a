// The day form's plain post, /quote/<token>/day: "Ask for this day" or "None of these work". Done: 303 back to the
// quote's page, which shows the request. Refused: a plain page with the reason and its status, nothing stored.
import type { Db } from '../../platform/db/database.server'
import { readPlainForm } from '../../platform/http/plain-form.server'
import { limitAsQuoteForm, plainPage, seeOther } from '../../platform/http/link-page.server'
import * as v from 'valibot'
import { QUOTE_PAGE_TEXTS, QUOTE_TOKEN_PATTERN, quotePath } from '../quotes'
import type { QuotePageVisit } from '../quotes/index.server'
import { DAY_FIELDS, DAY_PAGE_TEXTS as T } from './schedule'
import { dayChoiceSchema } from './schedule-schema'
import { requestDay } from './day-requests.server'

const refused = (status: number, text: string) => plainPage(status, T.refusedTitle, text)
const unavailable = () => plainPage(404, QUOTE_PAGE_TEXTS.unavailableTitle, QUOTE_PAGE_TEXTS.unavailable)
const REFUSALS = { 'not-offered': T.notOffered, confirmed: T.alreadyConfirmed, already: T.alreadyAsked }

export async function dayRequestPost(
  db: Db,
  request: Request,
  token: string,
  visit: QuotePageVisit,
): Promise<Response> {
  const form = await readPlainForm(request, 4 * 1024)
  if (form instanceof Response) return form
  if (!QUOTE_TOKEN_PATTERN.test(token)) return unavailable()
  const wait = await limitAsQuoteForm(db, visit.limits, 'quote-page', visit.ip)
  if (wait > 0) return plainPage(429, T.refusedTitle, QUOTE_PAGE_TEXTS.rateLimited, { 'Retry-After': String(wait) })
  const noneWork = form?.text(DAY_FIELDS.intent) === 'none'
  const parsed = v.safeParse(dayChoiceSchema, form?.text(DAY_FIELDS.choice) ?? '')
  const choice = noneWork ? null : parsed.success ? parsed.output : undefined
  if (choice === undefined) return refused(400, T.choose)
  const result = await requestDay(db, token, choice, visit.now, visit.push)
  if (result === 'gone') return unavailable()
  return result === 'requested' ? seeOther(quotePath(token)) : refused(409, REFUSALS[result])
}
