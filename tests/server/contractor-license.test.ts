/**
 * The CSLB number, when CONTRACTOR_LICENSE is set (issue 79): under every e-mail a customer receives from the real
 * SMTP server, whichever feature wrote it, and in the quote and pay pages' header; never on the owner's mail.
 */
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { PayPage } from '../../app/features/payments/pay-page'
import { markJobDone, sendInvoice } from '../../app/features/payments/invoice-writes.server'
import { readPayPage } from '../../app/features/payments/pay-page.server'
import { QuotePage } from '../../app/features/quotes/quote-page'
import { readQuotePage } from '../../app/features/quotes/quote-page.server'
import { scheduleJob } from '../../app/features/quotes/quotes.server'
import { addDays } from '../../app/features/schedule/schedule'
import { pacificDate } from '../../app/platform/time/business-hours.server'
import { NOTIFY_ADDRESS, outboxDrained, useMailingSites } from './helpers'
import { acceptedLead } from './quote-helpers'

// Before the imports above run: the site's settings are read once, as the build bakes them.
const license = vi.hoisted(() => {
  process.env.CONTRACTOR_LICENSE = ' 1098765 '
  return 'California contractor license #1098765'
})
afterAll(() => void delete process.env.CONTRACTOR_LICENSE)

const mailingSite = useMailingSites()

describe('the contractor license', { timeout: 60_000 }, () => {
  it("is under every customer's e-mail and on the quote and pay pages, not on the owner's mail", async () => {
    const { site, smtp } = await mailingSite({}, { startWorker: true })
    const { id, token } = await acceptedLead(site)
    const day = addDays(pacificDate(site.now()), 3)
    expect(await scheduleJob(site.db, { lead: id, day, start: '08:00', end: '12:00' }, site.now())).toBe('scheduled')
    expect(await markJobDone(site.db, id)).toMatchObject({ state: 'draft' })
    const invoice = await sendInvoice(site.db, id, site.now())
    await outboxDrained(site)

    const toMaria = smtp.received.filter((each) => each.rcptTo.includes('maria@example.com'))
    // The quote, its acceptance, the day with its .ics and the invoice: three features' own composers.
    expect(toMaria.length).toBeGreaterThanOrEqual(4)
    for (const { mail } of toMaria) {
      expect(mail.text?.trimEnd().endsWith(license), mail.subject).toBe(true)
      if (mail.html) expect(mail.html).toContain(`<p>${license}</p>`)
    }
    const toOwner = smtp.received.filter((each) => each.rcptTo.includes(NOTIFY_ADDRESS))
    expect(toOwner.length).toBeGreaterThan(0)
    for (const { mail } of toOwner) expect(mail.text).not.toContain(license)

    const quotePage = createElement(QuotePage, { view: await readQuotePage(site.db, token), refusal: null })
    expect(renderToStaticMarkup(quotePage)).toContain(license)
    const payToken = (invoice as { link: string }).link.split('/pay/')[1]!
    const payView = (await readPayPage(site.db, payToken, null, site.config.stripe))!
    expect(renderToStaticMarkup(createElement(PayPage, { view: payView }))).toContain(license)
  })
})
