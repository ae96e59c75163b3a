/**
 * The owner's side of a quote refuses what the customer must never see (docs/product.md#quotes): amounts are
 * whole cents from $0 to $100,000, a quote holds 1 to 30 items, and a job's window is within opening hours.
 */
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { site } from '../../app/content/site'
import { serviceIds } from '../../app/content/types'
import { priceListSchema } from '../../app/features/prices/price-list-schema'
import { PRICE_LIST_FIELD_TEXTS as L } from '../../app/features/prices/price-texts'
import { jobScheduleSchema, quotePriceSchema, quoteDraftSchema } from '../../app/features/quotes/quote-schema'
import { OWNER_QUOTE_FIELD_TEXTS as O, OWNER_QUOTE_TEXTS } from '../../app/features/quotes/quote-texts'
import { firstIssue } from '../../app/lib/text-fields'

const LEAD = '4b1d7f3e-8a2c-4d5e-9f60-123456789abc'
const issue = (schema: v.GenericSchema, input: unknown) => {
  const parsed = v.safeParse(schema, input)
  return parsed.success ? parsed.output : parsed.issues[0].message
}

describe("the owner's prices", () => {
  it('reads dollars as typed into whole cents, $0 to $100,000', () => {
    expect(
      ['0', '250', '120.5', '1,250.50', '$900', 100000, '100000.00'].map((p) => issue(quotePriceSchema, p)),
    ).toEqual([0, 25000, 12050, 125050, 90000, 10000000, 10000000])
  })

  it('refuses a negative, fractional-cent, too large or unreadable amount with its message', () => {
    expect(issue(quotePriceSchema, '-1')).toBe(O.priceNegative)
    expect(issue(quotePriceSchema, -5)).toBe(O.priceNegative)
    expect(issue(quotePriceSchema, '10.005')).toBe(O.priceCents)
    expect(issue(quotePriceSchema, 0.001)).toBe(O.priceCents)
    expect(issue(quotePriceSchema, '100000.01')).toBe(O.priceMax)
    expect(issue(quotePriceSchema, 1e21)).toBe(O.priceFormat)
    expect(issue(quotePriceSchema, 'ten')).toBe(O.priceFormat)
    expect(issue(quotePriceSchema, '')).toBe(O.priceRequired)
  })

  it("keeps a price list's empty starting price as none and refuses a bad one beside its line", () => {
    const list = (price: unknown) => ({ items: [{ serviceId: 'roof', description: 'Roof', price }], terms: '' })
    expect(v.parse(priceListSchema, list('')).items[0]!.price).toBeNull()
    expect(v.parse(priceListSchema, list(null)).items[0]!.price).toBeNull()
    expect(v.parse(priceListSchema, list(' $1,200.50 ')).items[0]!.price).toBe(120050)
    const refused = v.safeParse(priceListSchema, list('-3'))
    expect(refused.success || firstIssue(refused.issues)).toEqual({ message: O.priceNegative, field: 'items.0.price' })
    const tooMuch = v.safeParse(priceListSchema, list('100000.01'))
    expect(tooMuch.success || firstIssue(tooMuch.issues).message).toBe(O.priceMax)
  })

  it('takes one line per service of app/content/', () => {
    const line = (serviceId: string) => ({ serviceId, description: 'Roof', price: '' })
    expect(issue(priceListSchema, { items: [line('roof'), line('roof')], terms: '' })).toBe('one line per service')
    expect(issue(priceListSchema, { items: [line('pool')], terms: '' })).toBe('unknown service')
    expect(v.parse(priceListSchema, { items: serviceIds.map(line), terms: '' }).items).toHaveLength(serviceIds.length)
  })

  it('keeps the typical ranges filled in, in order, and an empty row as none', () => {
    const line = {
      serviceId: 'full-house',
      description: 'House',
      minimum: '150',
      ranges: [
        { size: ' two-story ', low: '350', high: '$450' },
        { size: '', low: '', high: '' },
        { size: 'large', low: '500', high: '500' },
      ],
    }
    expect(v.parse(priceListSchema, { items: [line] }).items[0]).toMatchObject({
      minimum: 15000,
      ranges: [
        { size: 'two-story', lowCents: 35000, highCents: 45000 },
        { size: 'large', lowCents: 50000, highCents: 50000 },
      ],
    })
    expect(v.parse(priceListSchema, { items: [{ ...line, ranges: [] }], rule: '' })).toMatchObject({ rule: '' })
  })

  it('refuses a bad range beside its field: low above high, negative, over $100,000, a bad size name', () => {
    const refusal = (list: unknown) => {
      const parsed = v.safeParse(priceListSchema, list)
      return parsed.success ? 'taken' : firstIssue(parsed.issues)
    }
    type Range = Record<string, string>
    const refused = (range: Range, others: Range[] = []) =>
      refusal({ items: [{ serviceId: 'full-house', description: 'House', ranges: [...others, range] }] })
    const at = (part: string) => `items.0.ranges.0.${part}`
    const first = { size: 'one-story', low: '250', high: '350' }
    const cases: [range: Range, message: string, field: string, others?: Range[]][] = [
      [{ size: 'two-story', low: '450', high: '350' }, L.rangeOrder, at('low')],
      [{ size: 'two-story', low: '-350', high: '450' }, O.priceNegative, at('low')],
      [{ size: 'large', low: '350', high: '100000.01' }, O.priceMax, at('high')],
      [{ size: 'large', low: '350', high: '' }, L.rangeBoth, at('high')],
      [{ size: 'large', low: '', high: '' }, L.rangeBoth, at('low')],
      [{ size: 'x'.repeat(41), low: '1', high: '2' }, L.sizeLong, at('size')],
      [{ size: '<b>large</b>', low: '1', high: '2' }, L.sizeMarkup, at('size')],
      [{ size: 'two\u202Estory', low: '1', high: '2' }, L.sizeChars, at('size')],
      [{ size: '', low: '1', high: '2' }, L.sizeMissing, 'items.0.ranges', [first]],
      [{ ...first }, L.sizeTwice, 'items.0.ranges', [first]],
    ]
    for (const [range, message, field, others] of cases)
      expect(refused(range, others), JSON.stringify(range)).toEqual({ message, field })
    expect(refused({ size: 'x'.repeat(40), low: '0', high: '100000' })).toBe('taken')
    const minimum = { serviceId: 'full-house', description: 'House', minimum: '-1' }
    expect(refusal({ items: [minimum] })).toEqual({ message: O.priceNegative, field: 'items.0.minimum' })
    expect(refusal({ items: [], rule: 'x'.repeat(301) })).toEqual({ message: L.ruleLong, field: 'rule' })
  })

  it('takes 1 to 30 items', () => {
    const item = { description: 'Driveway', price: '250' }
    const draft = (count: number) => ({ lead: LEAD, items: Array(count).fill(item), validDays: 30 })
    expect(issue(quoteDraftSchema, draft(0))).toBe(OWNER_QUOTE_TEXTS.noItems)
    expect(issue(quoteDraftSchema, draft(31))).toBe(OWNER_QUOTE_TEXTS.tooManyItems)
    expect(v.parse(quoteDraftSchema, draft(30)).items).toHaveLength(30)
    expect(issue(quoteDraftSchema, { ...draft(1), validDays: 0 })).toBe(O.validDays)
  })

  it("totals at most $100,000 with its optional items, what a won job's value holds", () => {
    const draft = (...prices: string[]) => ({
      lead: LEAD,
      items: prices.map((price, i) => ({ description: `Item ${i}`, price, optional: i > 0 })),
      validDays: 30,
    })
    expect(v.parse(quoteDraftSchema, draft('60000', '40000')).items).toHaveLength(2)
    expect(issue(quoteDraftSchema, draft('60000', '40000.01'))).toBe(OWNER_QUOTE_TEXTS.totalMax)
  })
})

describe("a job's day and window", () => {
  const schema = jobScheduleSchema('2026-11-25')
  const job = { lead: LEAD, day: '2026-11-26', start: '08:00', end: '10:00' }
  it('takes a day from today on and a window that ends after it starts, within opening hours', () => {
    expect(v.parse(schema, job)).toEqual(job)
    expect(issue(schema, { ...job, day: '2026-11-24' })).toBe(O.dayPast)
    for (const day of ['2026-11-31', '2026-13-01', 'tomorrow'])
      expect(issue(schema, { ...job, day })).toBe(O.dayRequired)
    expect(issue(schema, { ...job, start: '10:00', end: '09:00' })).toBe(O.timeOrder)
    expect(issue(schema, { ...job, start: '06:30' })).toBe(O.timeHours)
    expect(issue(schema, { ...job, end: `${site.hours.closes.slice(0, 3)}30` })).toBe(O.timeHours)
  })
})
