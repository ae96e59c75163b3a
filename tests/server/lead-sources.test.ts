/**
 * Where leads come from, the owner's side, on the run's database: the sources view's counts per channel and
 * answer for 30, 90 and 365 days, the job value kept only with "won", and the won ad clicks as Google Ads'
 * offline click-conversion import file, for the inbox and `npm run leads`.
 */
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { leadSource, type VisitSource } from '../../app/features/leads/lead-source'
import { jobValueSchema } from '../../app/features/owner/owner-lead'
import type { TestSite } from '../support/test-site'
import { parseRuntimeConfig } from '../../app/platform/config.server'
import {
  CONVERSION_COLUMNS,
  conversions,
  conversionsCsv,
  conversionTime,
  type Conversion,
} from '../../app/features/owner/conversions.server'
import { leadSources, listInbox, updateLead, type SourceCount } from '../../app/features/owner/inbox.server'
import { readCsv } from '../../app/features/come-back/csv-reader'
import { rowsOf, storeTestLead, useTestSites } from './helpers'

const open = useTestSites()

type Step = 'contacted' | 'quoted' | 'won' | 'lost'

interface Seed {
  name: string
  /** Absent: a lead from before the source was kept (no channel). */
  visit?: VisitSource
  heard?: Parameters<typeof leadSource>[1]
  /** The statuses the owner sets, in order. */
  steps?: Step[]
  jobValueCents?: number
  ageDays: number
  spam?: boolean
}

/** Stores the lead as the site does, works it as the owner, then backdates its arrival. */
async function seed(site: TestSite, lead: Seed): Promise<string> {
  const id = await storeTestLead(site, lead.name, {
    ...(lead.visit ? { source: leadSource(lead.visit, lead.heard ?? '') } : {}),
    ...(lead.spam ? { spamReason: 'honeypot' } : {}),
  })
  const db = site.db
  for (const status of lead.steps ?? [])
    await updateLead(db, id, { status, note: '', jobValueCents: lead.jobValueCents ?? null })
  await rowsOf(db, `UPDATE leads SET created_at = now() - make_interval(days => $2) WHERE id = $1`, [id, lead.ageDays])
  return id
}

const gclid = { tags: { gclid: 'EAIaIQobChMI-test-click-1' } }
const cpc = { tags: { utm_source: 'google', utm_medium: 'cpc' } }
const gbp = { tags: { utm_source: 'gbp', utm_medium: 'organic', utm_campaign: 'website' } }
const search = { tags: {}, referrerHost: 'www.google.com' }
const facebook = { tags: {}, referrerHost: 'm.facebook.com' }
const direct = { tags: {} }

/** [value, leads, contacted, quoted, won, won value], sorted by value (null last) to compare. */
type Row = [string | null, number, number, number, number, number]
const rows = (counts: SourceCount[]): Row[] =>
  counts
    .map((c): Row => [c.value, c.leads, c.contacted, c.quoted, c.won, c.wonCents])
    .sort((a, b) => (a[0] === null ? 1 : b[0] === null ? -1 : a[0].localeCompare(b[0])))

describe('the sources view', { timeout: 120_000 }, () => {
  it('counts leads, contacted, quoted and won per channel and per answer for 30, 90 and 365 days, as worked out by hand', async () => {
    const site = await open()
    const leads: Seed[] = [
      { name: 'Ann', visit: gclid, heard: 'ad', steps: ['won'], jobValueCents: 120000, ageDays: 5 },
      { name: 'Ben', visit: cpc, heard: 'google-search', steps: ['quoted', 'lost'], ageDays: 20 },
      { name: 'Cal', visit: gbp, heard: 'google-maps', steps: ['contacted'], ageDays: 10 },
      { name: 'Dee', visit: search, heard: 'google-search', ageDays: 45 },
      { name: 'Eve', visit: gbp, steps: ['won'], ageDays: 80 },
      { name: 'Fay', visit: facebook, heard: 'facebook-instagram', steps: ['contacted', 'quoted'], ageDays: 120 },
      { name: 'Gus', steps: ['won'], jobValueCents: 30000, ageDays: 200 },
      { name: 'Hal', visit: direct, heard: 'friend', steps: ['lost'], ageDays: 300 },
      { name: 'Ivy', visit: gclid, heard: 'ad', steps: ['won'], jobValueCents: 90000, ageDays: 400 },
      // Never counted: suspected spam, and an archived lead.
      { name: 'Spam', visit: gclid, heard: 'ad', spam: true, ageDays: 3 },
      { name: 'Old', visit: direct, heard: 'other', ageDays: 2 },
    ]
    for (const lead of leads) await seed(site, lead)
    await rowsOf(site, `UPDATE leads SET status = 'archived' WHERE first_name = 'Old'`)

    // Ann, Ben (quoted, then lost: still quoted) and Cal.
    const db = site.db
    const month = await leadSources(db, 30)
    expect(month.days).toBe(30)
    expect(rows(month.channels)).toEqual([
      ['google_business_profile', 1, 1, 0, 0, 0],
      ['paid_search', 2, 2, 2, 1, 120000],
    ])
    expect(rows(month.answers)).toEqual([
      ['ad', 1, 1, 1, 1, 120000],
      ['google-maps', 1, 1, 0, 0, 0],
      ['google-search', 1, 1, 1, 0, 0],
    ])

    // And Dee (never worked) and Eve (won at once, so contacted and quoted too; no answer, no value).
    const quarter = await leadSources(db, 90)
    expect(rows(quarter.channels)).toEqual([
      ['google_business_profile', 2, 2, 1, 1, 0],
      ['organic_search', 1, 0, 0, 0, 0],
      ['paid_search', 2, 2, 2, 1, 120000],
    ])
    expect(rows(quarter.answers)).toEqual([
      ['ad', 1, 1, 1, 1, 120000],
      ['google-maps', 1, 1, 0, 0, 0],
      ['google-search', 2, 1, 1, 0, 0],
      [null, 1, 1, 1, 1, 0],
    ])

    // And Fay, Gus (before the channel was kept: null, "Not recorded") and Hal (lost without contact); not Ivy.
    const year = await leadSources(db, 365)
    expect(rows(year.channels)).toEqual([
      ['direct', 1, 0, 0, 0, 0],
      ['google_business_profile', 2, 2, 1, 1, 0],
      ['organic_search', 1, 0, 0, 0, 0],
      ['paid_search', 2, 2, 2, 1, 120000],
      ['social', 1, 1, 1, 0, 0],
      [null, 1, 1, 1, 1, 30000],
    ])
    expect(rows(year.answers)).toEqual([
      ['ad', 1, 1, 1, 1, 120000],
      ['facebook-instagram', 1, 1, 1, 0, 0],
      ['friend', 1, 0, 0, 0, 0],
      ['google-maps', 1, 1, 0, 0, 0],
      ['google-search', 2, 1, 1, 0, 0],
      [null, 2, 2, 2, 2, 30000],
    ])
    // Each lead counts once per table.
    const sum = (counts: SourceCount[]) => counts.reduce((total, count) => total + count.leads, 0)
    expect([sum(year.channels), sum(year.answers)]).toEqual([8, 8])
  })

  it('shows each lead’s channel and answer in the inbox, and "not recorded" as no channel', async () => {
    const site = await open()
    await seed(site, { name: 'Gia', visit: gbp, heard: 'google-maps', ageDays: 1 })
    await seed(site, { name: 'Pre', ageDays: 2 })
    const inbox = await listInbox(site.db)
    expect(inbox.map((lead) => [lead.firstName, lead.channel, lead.heardAbout])).toEqual([
      ['Gia', 'google_business_profile', 'google-maps'],
      ['Pre', null, null],
    ])
  })
})

describe("a quote's follow-up mark (docs/decisions/048-follow-through.md)", { timeout: 120_000 }, () => {
  it('shows on a lead quoted 2 days or more, counted from when it was last marked quoted, and goes with the status', async () => {
    const site = await open()
    const db = site.db
    const changed = `UPDATE leads SET status_changed_at = now() - make_interval(days => $2) WHERE id = $1`
    const quotedDaysAgo = (id: string, days: number) => rowsOf(db, changed, [id, days])
    const quoted = (name: string) => seed(site, { name, steps: ['quoted'], ageDays: 0 })
    const fresh = await quoted('Fresh')
    const waiting = await quoted('Waiting')
    const requoted = await quoted('Requoted')
    await quotedDaysAgo(fresh, 1)
    await quotedDaysAgo(waiting, 3)
    // Quoted long ago, then contacted and quoted again today: its days start again.
    await quotedDaysAgo(requoted, 9)
    await updateLead(db, requoted, { status: 'contacted', note: '' })
    await updateLead(db, requoted, { status: 'quoted', note: '' })
    const marks = async () => Object.fromEntries((await listInbox(db)).map((lead) => [lead.firstName, lead.followUp]))
    expect(await marks()).toEqual({ Fresh: null, Waiting: 'Follow up: quoted 3 days ago', Requoted: null })
    // A note saved on the quoted lead keeps its days; marking it won ends the mark.
    await updateLead(db, waiting, { status: 'quoted', note: 'called, no answer' })
    expect((await marks()).Waiting).toBe('Follow up: quoted 3 days ago')
    await updateLead(db, waiting, { status: 'won', note: '' })
    expect(await marks()).toEqual({ Fresh: null, Waiting: null, Requoted: null })
  })
})

describe('the job value', { timeout: 120_000 }, () => {
  const parsed = (input: unknown) => {
    const result = v.safeParse(jobValueSchema, input)
    return result.success ? { value: result.output } : { message: result.issues[0].message }
  }

  it('reads dollars and cents into whole cents, and refuses a negative, a too precise or a too large amount with a message', () => {
    expect(parsed('1250.50')).toEqual({ value: 125050 })
    expect(parsed(' $1,250 ')).toEqual({ value: 125000 })
    expect(parsed('0.29')).toEqual({ value: 29 })
    expect(parsed('0')).toEqual({ value: 0 })
    expect(parsed('100000')).toEqual({ value: 10_000_000 })
    expect(parsed('')).toEqual({ value: null })
    expect(parsed(undefined)).toEqual({ value: null })
    // What the card sends with any status but won.
    expect(parsed(null)).toEqual({ value: null })
    expect(parsed('-5')).toEqual({ message: 'The job value cannot be negative.' })
    expect(parsed(-5)).toEqual({ message: 'The job value cannot be negative.' })
    expect(parsed('12.345')).toEqual({ message: 'The job value takes at most 2 decimals (cents).' })
    expect(parsed('100000.01')).toEqual({ message: 'The job value must be $100,000.00 or less.' })
    expect(parsed('a lot')).toEqual({ message: 'Enter the job value in dollars, like 1250 or 1250.50.' })
  })

  it('is kept with "won" only: saved with it, dropped when the lead leaves it, and a negative one is refused', async () => {
    const site = await open()
    const db = site.db
    const id = await storeTestLead(site, 'Wes')
    const save = (status: Step, jobValueCents?: number) => updateLead(db, id, { status, note: '', jobValueCents })
    expect(await save('won', 125050)).toMatchObject({ status: 'won', jobValueCents: 125050 })
    expect((await listInbox(db))[0]).toMatchObject({ status: 'won', jobValueCents: 125050 })
    expect(await save('quoted', 90000)).toMatchObject({ status: 'quoted', jobValueCents: null })
    expect(await save('won')).toMatchObject({ jobValueCents: null })
    await expect(save('won', -1)).rejects.toThrow(/job_value_cents_check/)
    await expect(save('won', 10_000_001)).rejects.toThrow(/job_value_cents_check/)
    expect((await listInbox(db))[0]).toMatchObject({ status: 'won', jobValueCents: null })
  })
})

/**
 * The records of an RFC 4180 file, read by the reader the past-customers import uses; every record of the
 * file ends with CRLF, a line break in a quoted cell aside.
 */
function parseCsv(text: string): string[][] {
  const unquoted = text.replace(/"(?:[^"]|"")*"/g, '""')
  expect(unquoted, 'every record ends with CRLF').toMatch(/^(?:[^\r\n]*\r\n)+$/)
  return readCsv(text, Infinity).map((record) => record.cells)
}

const TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/

describe('the won ad clicks file (Google Ads offline click-conversion import)', { timeout: 120_000 }, () => {
  const conversion = (overrides: Partial<Conversion>): Conversion => ({
    id: '00000000-0000-4000-8000-000000000001',
    gclid: 'EAIaIQobChMI-test-click-1',
    wonAt: '2026-11-20T22:32:00.000Z',
    jobValueCents: null,
    ...overrides,
  })

  it('has the template’s header, five cells a row, Sacramento time with its offset, and value and currency only when entered', () => {
    const summer = conversion({ wonAt: '2026-07-04T19:30:00.000Z', jobValueCents: 125050 })
    const winter = conversion({ gclid: 'Cj0KCQ_second', wonAt: '2026-11-20T22:32:00.000Z' })
    const csv = conversionsCsv([summer, winter], 'Won job')
    const [header, ...records] = parseCsv(csv)
    expect(header!.join(',')).toBe(
      'Google Click ID,Conversion Name,Conversion Time,Conversion Value,Conversion Currency',
    )
    expect(header).toEqual([...CONVERSION_COLUMNS])
    for (const record of records) {
      expect(record).toHaveLength(5)
      expect(record[2]).toMatch(TIME)
    }
    expect(records).toEqual([
      // Summer: Pacific daylight time.
      ['EAIaIQobChMI-test-click-1', 'Won job', '2026-07-04 12:30:00-07:00', '1250.50', 'USD'],
      // Winter: Pacific standard time; no job value entered, so no value and no currency.
      ['Cj0KCQ_second', 'Won job', '2026-11-20 14:32:00-08:00', '', ''],
    ])
    expect(conversionsCsv([], 'Won job')).toBe(`${CONVERSION_COLUMNS.join(',')}\r\n`)
  })

  it('names the conversion action from GOOGLE_ADS_CONVERSION_NAME, "Won job" unless set', () => {
    expect(parseRuntimeConfig({}).owner.conversionName).toBe('Won job')
    expect(parseRuntimeConfig({ GOOGLE_ADS_CONVERSION_NAME: ' Booked job ' }).owner.conversionName).toBe('Booked job')
    expect(() => parseRuntimeConfig({ GOOGLE_ADS_CONVERSION_NAME: 'x'.repeat(101) })).toThrow(
      /GOOGLE_ADS_CONVERSION_NAME must be 1 to 100 characters on one line/,
    )
  })

  it('moves the offset at the daylight-saving change, to the second', () => {
    expect(conversionTime('2026-03-08T09:59:59.000Z')).toBe('2026-03-08 01:59:59-08:00')
    expect(conversionTime('2026-03-08T10:00:00.000Z')).toBe('2026-03-08 03:00:00-07:00')
    expect(conversionTime('2026-11-01T08:59:59.000Z')).toBe('2026-11-01 01:59:59-07:00')
    expect(conversionTime('2026-11-01T09:00:00.000Z')).toBe('2026-11-01 01:00:00-08:00')
  })

  it('quotes a cell with a comma or quote, and defuses one a spreadsheet would run as a formula', () => {
    const csv = conversionsCsv(
      [conversion({ gclid: '-1234' }), conversion({ gclid: '@SUM' })],
      '=HYPERLINK("http://evil.example","Won, job")',
    )
    const [, first, second] = parseCsv(csv)
    expect(first).toEqual([
      "'-1234",
      `'=HYPERLINK("http://evil.example","Won, job")`,
      '2026-11-20 14:32:00-08:00',
      '',
      '',
    ])
    expect(second![0]).toBe("'@SUM")
    expect(csv.split('\r\n')[1]).toContain(`"'=HYPERLINK(""http://evil.example"",""Won, job"")"`)
  })

  it('holds won leads with a Google click id only, for the inbox download and `npm run leads` alike', async () => {
    const site = await open()
    const wonId = await seed(site, { name: 'Won', visit: gclid, steps: ['won'], jobValueCents: 48000, ageDays: 3 })
    await seed(site, { name: 'Plain', visit: gclid, steps: ['won'], ageDays: 4 })
    // Not conversions: a won lead from an ad tagged cpc (no click id), a quoted ad click, a won lead un-won,
    // an iPhone's wbraid (Google's file takes gclid only), and spam.
    await seed(site, { name: 'Tagged', visit: cpc, steps: ['won'], ageDays: 3 })
    await seed(site, { name: 'Quoted', visit: gclid, steps: ['quoted'], ageDays: 3 })
    await seed(site, { name: 'Unwon', visit: gclid, steps: ['won', 'lost'], ageDays: 3 })
    await seed(site, { name: 'Braid', visit: { tags: { wbraid: 'WBRAID-1' } }, steps: ['won'], ageDays: 3 })
    await seed(site, { name: 'Spam', visit: gclid, spam: true, ageDays: 3 })

    const db = site.db
    const won = await conversions(db)
    expect(won.map((row) => [row.id, row.gclid, row.jobValueCents])).toEqual([
      [wonId, gclid.tags.gclid, 48000],
      [expect.any(String), gclid.tags.gclid, null],
    ])
    const records = parseCsv(conversionsCsv(won, 'Won job')).slice(1)
    expect(records.map((record) => [record[0], record[3], record[4]])).toEqual([
      [gclid.tags.gclid, '480', 'USD'],
      [gclid.tags.gclid, '', ''],
    ])
    for (const record of records) expect(record[2]).toMatch(TIME)
    // Won since a time after both: none.
    const later = new Date(Date.now() + 60_000).toISOString()
    expect(await conversions(db, later)).toEqual([])
    // `npm run leads -- conversions` prints the same file: e2e/owner-sources.spec.ts.
  })
})
