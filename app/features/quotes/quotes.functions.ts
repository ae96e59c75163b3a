// The owner's quote and job calls (docs/decisions/053-quotes-and-jobs.md), each made by ownerFn: 401 and nothing
// written without a session. The customer's side is the page's own form post (routes/quote.$token.tsx).
import * as v from 'valibot'
import { db } from '~/platform/db/db.server'
import { pacificDate } from '~/platform/time/business-hours.server'
import { parse } from '~/platform/http/function-input.server'
import { calendarFeedSecret, calendarFeedUrl } from '~/features/quotes/calendar.server'
import { quoteEditor, scheduleJob, sendQuote, withdrawQuote } from '~/features/quotes/quotes.server'
import { ownerFn, refuse } from '../../platform/http/owner-access.functions'
import { jobScheduleSchema, quoteDraftSchema, quoteLeadSchema as lead } from './quote-schema'

/** What the editor loads, as the server reads it. */
export type QuoteEditorData = NonNullable<Awaited<ReturnType<typeof quoteEditor>>>

export const fetchQuoteEditor = ownerFn()
  .validator(parse(lead))
  .handler(async ({ data }) => {
    return (await quoteEditor(db, data.lead)) ?? refuse(404, 'No such lead')
  })

export const sendOwnerQuote = ownerFn({ method: 'POST' })
  .validator(parse(quoteDraftSchema))
  .handler(async ({ data }): Promise<{ link: string; version: number }> => {
    const sent = await sendQuote(db, data, new Date())
    return 'message' in sent ? refuse(sent.status, sent.message) : sent
  })

export const withdrawOwnerQuote = ownerFn({ method: 'POST' })
  .validator(parse(lead))
  .handler(async ({ data }) => {
    if (!(await withdrawQuote(db, data.lead))) refuse(409, 'No open quote to withdraw')
  })

/** The day is checked against today in Pacific time, on the server's clock. */
export const scheduleOwnerJob = ownerFn({ method: 'POST' })
  .validator(parse(v.object({ ...lead.entries, day: v.string(), start: v.string(), end: v.string() })))
  .handler(async ({ data }) => {
    const now = new Date()
    const job = parse(jobScheduleSchema(pacificDate(now)))(data)
    const result = await scheduleJob(db, job, now)
    if (typeof result === 'object') refuse(result.status, result.message)
  })

export const cancelOwnerJob = ownerFn({ method: 'POST' })
  .validator(parse(lead))
  .handler(async ({ data }) => {
    const result = await scheduleJob(db, { lead: data.lead, cancel: true }, new Date())
    if (typeof result === 'object') refuse(result.status, result.message)
  })

/** The private address of the scheduled jobs' calendar, shown under the Prices view. */
export const fetchCalendarFeed = ownerFn().handler(async (): Promise<{ feedUrl: string }> => ({
  feedUrl: calendarFeedUrl(await calendarFeedSecret(db)),
}))

/** A new secret: the old feed address answers 404 from now on. */
export const renewCalendarFeed = ownerFn({ method: 'POST' }).handler(async (): Promise<{ feedUrl: string }> => ({
  feedUrl: calendarFeedUrl(await calendarFeedSecret(db, true)),
}))
