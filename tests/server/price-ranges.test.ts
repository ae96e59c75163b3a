/**
 * Typical prices (docs/decisions/057-price-ranges.md): the owner's ranges as visitors read them, the range a lead
 * keeps (looked up by the server, never taken from the browser), the quote editor's first line, the chat's answer
 * and the Sources view's count of accepted quotes against the range shown.
 */
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { serviceList } from '../../app/content/service-list'
import { priceListSchema } from '../../app/features/prices/price-list-schema'
import { DEFAULT_PRICE_RULE } from '../../app/features/prices/typical-price'
import { Database } from '../../app/platform/db/database.server'
import { answerMessage } from '../../app/features/assistant/ai-assistant.server'
import { handleLeadFormPost } from '../../app/features/leads/lead-form-post.server'
import { leadSources, listInbox } from '../../app/features/owner/inbox.server'
import { savePriceSettings, typicalPrice } from '../../app/features/prices/price-list.server'
import { quoteEditor } from '../../app/features/quotes/quotes.server'
import type { TestSite } from '../support/test-site'
import { formPost, leadForm, postLead, rowsOf, useCleanup, useTempDirs, useTestSites } from './helpers'
import { acceptQuote, quotedLead } from './quote-helpers'

const openSite = useTestSites()
const tempDir = useTempDirs()
const cleanup = useCleanup()

/** The Prices view's save: house washing by size with a $150 minimum, every other service without a range. */
async function priceHouseWashing(site: TestSite, rule = '') {
  const items = serviceList.map(({ id, title }) =>
    id === 'full-house'
      ? {
          serviceId: id,
          description: title,
          price: '',
          minimum: '150',
          ranges: [
            { size: 'one-story', low: '250', high: '350' },
            { size: 'two-story', low: '350', high: '450' },
            { size: '', low: '', high: '' },
          ],
        }
      : { serviceId: id, description: title, price: '' },
  )
  await savePriceSettings(site.db, v.parse(priceListSchema, { items, terms: '', rule }))
}

/** The form as the browser sends it, with whatever a forger adds. */
const submit = (site: TestSite, fields: Record<string, unknown>) =>
  postLead(site, leadForm({ sourcePage: '/services?tab=full-house', ...fields }))

const shownColumns = (site: TestSite) =>
  rowsOf(
    site,
    `SELECT service_id, price_size, price_low_cents, price_high_cents, price_minimum_cents FROM leads
     ORDER BY created_at, first_name`,
  )

describe('typical prices', { timeout: 120_000 }, () => {
  it('reads the saved sizes in order with the minimum and the default rule, and no price for another service', async () => {
    const site = await openSite()
    const { db } = site
    expect(await typicalPrice(db, 'full-house')).toBeNull()
    await priceHouseWashing(site)
    expect(await typicalPrice(db, 'full-house')).toEqual({
      minimumCents: 15000,
      ranges: [
        { size: 'one-story', lowCents: 25000, highCents: 35000 },
        { size: 'two-story', lowCents: 35000, highCents: 45000 },
      ],
      rule: DEFAULT_PRICE_RULE,
    })
    expect(await typicalPrice(db, 'roof')).toBeNull()
    await priceHouseWashing(site, 'Prices are for homes up to 3,000 sq ft.')
    expect((await typicalPrice(db, 'full-house'))?.rule).toBe('Prices are for homes up to 3,000 sq ft.')
  })

  it("stores the range of the chosen size from the owner's list, never a price the browser sends", async () => {
    const site = await openSite()
    await priceHouseWashing(site)
    const forged = { priceLowCents: 1, price_low_cents: 1, lowCents: 1, range: '$1–$2' }
    for (const [firstName, fields] of [
      ['Ana', { service: 'full-house', size: 'two-story', ...forged }],
      ['Bea', { service: 'full-house', size: 'mansion' }],
      ['Cam', { service: 'roof', size: 'two-story' }],
      ['Dee', {}],
    ] as const)
      expect((await submit(site, { firstName, ...fields })).status).toBe(200)
    const noRange = { price_size: null, price_low_cents: null, price_high_cents: null, price_minimum_cents: null }
    expect(await shownColumns(site)).toEqual([
      {
        service_id: 'full-house',
        price_size: 'two-story',
        price_low_cents: 35000,
        price_high_cents: 45000,
        price_minimum_cents: 15000,
      },
      { service_id: 'full-house', ...noRange },
      { service_id: 'roof', ...noRange },
      { service_id: null, ...noRange },
    ])
  })

  it('refuses a service that is not offered or a size with control characters, storing nothing', async () => {
    const site = await openSite()
    expect(await submit(site, { service: 'pool' })).toMatchObject({
      status: 400,
      body: { success: false, field: 'service', error: 'Please choose a service from the list' },
    })
    expect(await submit(site, { service: 'full-house', size: 'two\u0000story' })).toMatchObject({
      status: 400,
      body: { field: 'size', error: 'Please choose a size from the list' },
    })
    expect(await rowsOf(site, 'SELECT id FROM leads')).toEqual([])
  })

  it("shows the range on the owner's card and starts the first quote from it", async () => {
    const site = await openSite()
    await priceHouseWashing(site)
    await submit(site, { service: 'full-house', size: 'two-story' })
    const { db } = site
    const [card] = await listInbox(db)
    expect(card).toMatchObject({
      service: 'Full House Washing',
      shownPrice: { size: 'two-story', lowCents: 35000, highCents: 45000, minimumCents: 15000 },
    })
    const editor = await quoteEditor(db, card!.id)
    expect(editor?.prefill).toEqual({ description: 'Full House Washing (two-story)', cents: 35000 })
  })

  it('counts accepted quotes below, inside and above the range their lead was shown, per service', async () => {
    const site = await openSite()
    await priceHouseWashing(site)
    const shown = {
      serviceId: 'full-house' as const,
      shownPrice: { size: 'two-story', lowCents: 35000, highCents: 45000, minimumCents: 15000 },
    }
    for (const [name, price] of [
      ['Ana', '420'],
      ['Bea', '450'],
      ['Cam', '300'],
      ['Dee', '451'],
    ] as const) {
      const { id } = await quotedLead(site, [{ description: 'House washing', price }], name, shown)
      expect(await acceptQuote(site, id)).toBe('accepted')
    }
    // Quoted but not accepted, and accepted without a range shown: neither counts.
    await quotedLead(site, [{ description: 'House washing', price: '400' }], 'Eve', shown)
    const { id } = await quotedLead(site, [{ description: 'Roof', price: '900' }], 'Fay')
    await acceptQuote(site, id)
    const sources = await leadSources(site.db, 90)
    expect(sources.prices).toEqual([{ service: 'Full House Washing', below: 1, inside: 2, above: 1 }])
  })

  it("answers how much from the owner's ranges, and as before for a service without one", async () => {
    const site = await openSite()
    const { db } = site
    const before = await answerMessage('How much is house washing?', null, db)
    expect(before).toContain("We don't give prices in chat")
    await priceHouseWashing(site)
    const answer = await answerMessage('How much is house washing?', null, db)
    expect(answer).toContain('Typical price: $250–$350 (one-story); Typical price: $350–$450 (two-story).')
    expect(answer).toContain('Minimum charge: $150.')
    expect(answer).toContain(DEFAULT_PRICE_RULE)
    expect(answer).not.toContain("We don't give prices")
    expect(await answerMessage('How much is roof cleaning?', null, db)).toContain("We don't give prices in chat")
  })
  it('answers the price button of the form without JavaScript with the form again and the price, storing nothing', async () => {
    const site = await openSite()
    await priceHouseWashing(site)
    const post = (fields: Record<string, string>, db: Database = site.db) => {
      const request = formPost('http://localhost/quote-request', { firstName: 'Maria', ...fields, intent: 'price' })
      return handleLeadFormPost(db, request, '203.0.113.9', site.config, site.now())
    }
    const sizes = await post({ service: 'full-house' })
    expect(sizes).toMatchObject({ status: 200, result: 'price', errors: {} })
    expect(sizes).toHaveProperty('values', { firstName: 'Maria', service: 'full-house' })
    expect(sizes).toHaveProperty('price.ranges', [
      { size: 'one-story', lowCents: 25000, highCents: 35000 },
      { size: 'two-story', lowCents: 35000, highCents: 45000 },
    ])
    expect(await post({ service: 'roof' })).toHaveProperty('price', null)
    expect(await post({ service: '<b>forged</b>' })).toHaveProperty('price', null)
    expect(await post({})).toHaveProperty('price', null)
    // A database that cannot be read: the form still comes back, without a price.
    const down = new Database({ dataDir: await tempDir(), mustExist: true })
    cleanup.push(() => down.close())
    expect(await post({ service: 'full-house' }, down)).toMatchObject({ status: 200, result: 'price', price: null })
    expect(await rowsOf(site, 'SELECT id::text FROM leads UNION ALL SELECT bucket FROM rate_limit_hits')).toEqual([])
  })
})
