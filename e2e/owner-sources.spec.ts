/**
 * Where leads come from, in the inbox on the production build, on a 360 px wide page: each card's channel,
 * a won lead's job value, the Sources view's tables, and the won ad clicks downloaded from the inbox and printed by
 * `npm run leads -- conversions`. The counts and the file's cells are tests/server/lead-sources.test.ts's.
 */
import { rmSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { sql } from 'kysely'
import { leadSource, leadSourceColumns, type VisitSource } from '~/features/leads/lead-source'
import { SOURCES_TEXTS } from '~/features/owner/owner-lead'
import type { Database } from '../app/platform/db/database.server'
import { expectNoViolations } from './support/axe'
import { ownerCommand, signInOwner, startOwnerServer } from './support/owner'
import { storeTestLead } from './support/site-server'
import { expect, test, type Locator } from './support/test'

const CLICK_ID = 'EAIaIQobChMI-e2e-click-1'
const CONVERSION_NAME = 'Won job (site)'

/** Leads with where each came from (the visit's own capture is e2e/lead-source.spec.ts's). */
async function storeLeads(db: Database) {
  const store = (firstName: string, visit?: VisitSource, heard: Parameters<typeof leadSource>[1] = '') => {
    const source = leadSourceColumns(visit && leadSource(visit, heard))
    return storeTestLead(db, { first_name: firstName, source_page: '/contact', ...source })
  }
  await store('Gail', { tags: { gclid: CLICK_ID } }, 'ad')
  await store('Milo', { tags: { utm_source: 'gbp', utm_medium: 'organic' } }, 'google-maps')
  await store('Otto')
  await store('Rex', { tags: {} }, 'friend')
  await db
    .updateTable('leads')
    .set({ created_at: sql`now() - interval '60 days'` })
    .where('first_name', '=', 'Rex')
    .execute()
}

/** Each body and foot row's cells as the owner reads them. */
function tableRows(table: Locator): Promise<string[][]> {
  return table.evaluate((element: HTMLTableElement) =>
    [...element.tBodies[0]!.rows, ...element.tFoot!.rows].map((row) =>
      [...row.cells].map((cell) => cell.innerText.replace(/\s+/g, ' ').trim()),
    ),
  )
}

test('the owner marks a lead won with its value, reads the sources on a phone and downloads the won ad clicks', async ({
  page,
}) => {
  test.setTimeout(180_000)
  const env = { GOOGLE_ADS_CONVERSION_NAME: CONVERSION_NAME }
  const server = await startOwnerServer(env, storeLeads)
  try {
    await page.setViewportSize({ width: 360, height: 800 })
    await signInOwner(page, server)

    const gail = page.getByRole('article').filter({ hasText: 'Gail' })
    await expect(gail).toContainText('Channel: Paid search · Heard about us: An ad')
    await expect(page.getByRole('article').filter({ hasText: 'Otto' })).toContainText('Channel: Not recorded')

    // The value field comes with "Won"; a value with a third decimal is refused with a message, then one is saved.
    const value = gail.getByLabel(SOURCES_TEXTS.jobValue)
    await expect(value).toHaveCount(0)
    await gail.getByLabel('Status').selectOption('won')
    await value.fill('12.345')
    await gail.getByRole('button', { name: 'Save' }).click()
    await expect(gail.getByRole('status')).toHaveText('The job value takes at most 2 decimals (cents).')
    await expect(value).toHaveAttribute('aria-invalid', 'true')
    await value.fill('$1,250.50')
    await gail.getByRole('button', { name: 'Save' }).click()
    await expect(gail.getByRole('status')).toHaveText('Saved.')
    const milo = page.getByRole('article').filter({ hasText: 'Milo' })
    await milo.getByLabel('Status').selectOption('quoted')
    await milo.getByRole('button', { name: 'Save' }).click()
    await expect(milo.getByRole('status')).toHaveText('Saved.')
    await page.reload()
    await expect(value).toHaveValue('1250.50')

    await page.getByRole('link', { name: SOURCES_TEXTS.sourcesTab }).click()
    await expect(page.getByRole('heading', { name: 'Where leads come from' })).toBeVisible()
    await expect(page.getByRole('link', { name: SOURCES_TEXTS.sourcesTab })).toHaveAttribute('aria-current', 'page')
    const byChannel = page.getByRole('table', { name: SOURCES_TEXTS.byChannel(30) })
    const byAnswer = page.getByRole('table', { name: SOURCES_TEXTS.byAnswer(30) })
    // Rex arrived 60 days ago: not in the last 30. The foot's totals and rates are the view's own sums.
    expect(await tableRows(byChannel)).toEqual([
      ['Google Business Profile', '1', '1', '1', '0', '0%'],
      ['Paid search $1,250.50 won', '1', '1', '1', '1', '100%'],
      ['Not recorded', '1', '0', '0', '0', '0%'],
      ['All leads', '3', '2', '2', '1', '33%'],
    ])
    // A phone's width: the tables wrap inside the page (the page no wider than the phone: phone-widths.spec.ts).
    const inside = (table: Locator) =>
      table.evaluate((element) => {
        const main = element.closest('main')!
        const right = main.getBoundingClientRect().right - parseFloat(getComputedStyle(main).paddingRight)
        return element.getBoundingClientRect().right <= right
      })
    expect([await inside(byChannel), await inside(byAnswer)]).toEqual([true, true])
    await expectNoViolations(page)

    await page.getByRole('link', { name: SOURCES_TEXTS.period(90) }).click()
    await expect(page).toHaveURL(/view=sources&days=90/)
    const quarter = page.getByRole('table', { name: SOURCES_TEXTS.byChannel(90) })
    expect((await tableRows(quarter)).at(-1)).toEqual(['All leads', '4', '2', '2', '1', '25%'])
    await expect(page.getByRole('link', { name: SOURCES_TEXTS.period(90) })).toHaveAttribute('aria-current', 'page')

    // The won ad click, as Google Ads' "Conversions from clicks" file.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: SOURCES_TEXTS.download }).click(),
    ])
    expect(download.suggestedFilename()).toMatch(/^won-ad-clicks-\d{4}-\d{2}-\d{2}\.csv$/)
    const csv = await readFile((await download.path())!, 'utf8')
    // The value typed on the card, in the file.
    const row = csv.split('\r\n')[1]!.split(',')
    expect(row).toEqual([CLICK_ID, CONVERSION_NAME, expect.any(String), '1250.50', 'USD'])
    // Its headers, and without the session, signed out or from another site: tests/server/owner-only.test.ts.

    // The owner's command prints the same file, through the running site.
    const printed = await ownerCommand('leads', ['conversions', '--since', '2026-01-01'], server, { env })
    expect([printed.code, printed.stdout]).toEqual([0, csv])
  } finally {
    await server.stop()
    rmSync(server.dataDir, { recursive: true, force: true })
  }
})
