/**
 * Hiding or deleting a posted job drops this instance's stored pages (decision 049): the very next visit, well
 * within the pages' freshness, no longer shows it. No polling after the owner's answer: a stored page would.
 */
import { randomUUID } from 'node:crypto'
import { WORK_TEXTS } from '~/lib/posted-work/posted-work-form'
import { ownerEnv, signInOwner } from './support/owner'
import { prepareSiteData, siteDataEnv, startSiteServer, type SiteServer } from './support/site-server'
import { expect, test, type Page } from './support/test'

const deck = { alt: 'Before and after: deck cleaning in Rocklin, grey boards gone', hash: '0f1e2d3c4b5a6978' }
const drive = { alt: 'Before and after: driveway cleaning in Folsom, oil stains gone', hash: 'a1b2c3d4e5f60718' }

/** The gallery as a visitor without cookies gets it, and whether it came from the stored pages. */
async function gallery(server: SiteServer) {
  const response = await fetch(`${server.url}/gallery`)
  expect(response.status).toBe(200)
  return { html: await response.text(), stored: response.headers.get('x-page-cache') === 'hit' }
}

function job(page: Page, category: string) {
  return page
    .getByRole('list', { name: `${WORK_TEXTS.listHeading}, newest first` })
    .getByRole('listitem')
    .filter({ hasText: category })
}

test('hiding, then deleting, a job takes it off the next visit of a page stored for a minute', async ({ page }) => {
  const data = await prepareSiteData((db) =>
    db.query(
      `INSERT INTO public.posted_work (id, category, city_slug, alt, image_hash, width, height, widths, placeholder)
       VALUES ($5, 'Deck Cleaning', 'rocklin', $1, $2, 1600, 1000, '{320,640}', '#8a9b7c'),
              ($6, 'Driveway Cleaning', 'folsom', $3, $4, 1600, 1000, '{320,640}', '#8a9b7c')`,
      [deck.alt, deck.hash, drive.alt, drive.hash, randomUUID(), randomUUID()],
    ),
  )
  const server = await startSiteServer(
    ownerEnv({
      ...siteDataEnv(data),
      HTML_CACHE_SECONDS: '60',
    }),
  )
  // Stored with both jobs: without the drop, every visit of the next minute would get this page.
  await expect.poll(async () => (await gallery(server)).stored).toBe(true)
  const first = await gallery(server)
  expect([first.stored, first.html.includes(deck.alt), first.html.includes(drive.alt)]).toEqual([true, true, true])

  await signInOwner(page, server)
  await page.goto(`${server.url}/owner?view=work`)

  await job(page, 'Deck Cleaning').getByRole('button', { name: WORK_TEXTS.hide }).click()
  await expect(job(page, 'Deck Cleaning')).toContainText(WORK_TEXTS.hidden)
  const hidden = await gallery(server)
  expect([hidden.stored, hidden.html.includes(deck.alt), hidden.html.includes(drive.alt)]).toEqual([false, false, true])

  // Stored again, now without the hidden job, before the delete.
  await expect.poll(async () => (await gallery(server)).stored).toBe(true)
  await job(page, 'Driveway Cleaning').getByRole('button', { name: WORK_TEXTS.delete }).click()
  await page
    .getByRole('dialog', { name: WORK_TEXTS.deleteQuestion })
    .getByRole('button', { name: WORK_TEXTS.deleteConfirm })
    .click()
  await expect(job(page, 'Driveway Cleaning')).toHaveCount(0)
  await expect(job(page, 'Deck Cleaning')).toHaveCount(1)
  const deleted = await gallery(server)
  expect([deleted.stored, deleted.html.includes(drive.alt)]).toEqual([false, false])
  expect(deleted.html).toContain('<h1')
})
