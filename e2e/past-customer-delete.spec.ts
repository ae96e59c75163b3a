/**
 * Deleting a past customer as the privacy notice promises, on the production build and a phone: two taps in the
 * Due again view ("Delete", then "Delete for good" in the dialog), gone after a reload while another customer
 * stays; the function refuses an unknown or a forged id with a 4xx. "Find a past customer" reaches those the list
 * does not show (stopped, not due for months). What is deleted and kept, and how the search matches:
 * tests/server/come-back.test.ts.
 */
import { randomUUID } from 'node:crypto'
import { addDays } from '~/features/schedule'
import {
  addMonths,
  COME_BACK_TEXTS as T,
  DELETE_CUSTOMER_TEXTS as D,
  FIND_CUSTOMER_TEXTS as F,
} from '~/features/come-back/due-again'
import { importPastJobs } from '~/features/come-back/past-jobs-import.server'
import { pacificDate } from '../app/platform/time/business-hours.server'
import { expectNoViolations } from './support/axe'
import { callServerFunction, signInOwner, startOwnerServer } from './support/owner'
import { expect, test } from './support/test'

test('on a phone, the owner deletes a past customer from Due again with two taps @mobile', async ({ page }) => {
  test.setTimeout(180_000)
  const now = new Date()
  // Two house washes done 11½ months ago: both due in about 15 days.
  const done = addDays(addMonths(pacificDate(now), -11), -15)
  const csv = [
    'name,email,phone,address,zip,service,date done,price',
    `Dana Reyes,dana@example.com,916-555-0110,12 Oak St,95630,House washing,${done},420`,
    `Lee Park,lee@example.com,916-555-0111,3 Elm St,95630,House washing,${done},380`,
  ].join('\r\n')
  const server = await startOwnerServer({}, (db) => importPastJobs(db, new TextEncoder().encode(csv), now))
  await signInOwner(page, server)
  await page.goto(`${server.url}/owner/due-again`)
  const dana = page.getByRole('article', { name: 'Dana Reyes' })
  const lee = page.getByRole('article', { name: 'Lee Park' })
  await expect(dana).toContainText('Folsom')
  await expect(lee).toContainText('Folsom')

  await dana.getByRole('button', { name: D.open, exact: true }).tap()
  const dialog = page.getByRole('dialog', { name: D.question('Dana Reyes') })
  await expect(dialog).toContainText(D.explain)
  await expect(dialog.getByRole('button', { name: D.keep })).toBeFocused()
  await expectNoViolations(page)
  // Both choices fit the phone's screen, the delete at least 44 px tall.
  const confirm = dialog.getByRole('button', { name: D.confirm })
  await expect(dialog.getByRole('button', { name: D.keep })).toBeInViewport()
  await expect(confirm).toBeInViewport()
  expect((await confirm.boundingBox())!.height).toBeGreaterThanOrEqual(44)
  await confirm.tap()
  await expect(dana).toHaveCount(0)
  await expect(page.getByRole('heading', { name: T.heading, exact: true })).toBeFocused()
  await page.reload()
  await expect(lee).toContainText('Folsom')
  await expect(page.getByText('Dana Reyes')).toHaveCount(0)

  // As the view's script calls it, with an id that is no customer's and with one that is no id at all.
  const remove = (customer: string) => callServerFunction(page, server, 'deleteOwnerCustomer', { customer })
  const unknown = await remove(randomUUID())
  expect([unknown.status(), await unknown.text()]).toEqual([404, expect.stringContaining('No such customer')])
  const forged = await remove("' OR 1=1 --")
  expect([forged.status(), await forged.text()]).toEqual([400, expect.stringContaining('not an id')])
  await page.reload()
  await expect(lee).toContainText('Folsom')
  expect(server.records().filter((line) => line.level === 'error' || line.level === 'fatal')).toEqual([])
})

test('a customer who stopped reminders, and one not due for months, are found and deleted @mobile', async ({
  page,
}) => {
  test.setTimeout(180_000)
  const now = new Date()
  // Done two months ago: due again in ten, so not in the Due again list; Gus also stopped the reminders.
  const done = addMonths(pacificDate(now), -2)
  const csv = [
    'name,email,phone,address,zip,service,date done,price',
    `Gus Ortiz,gus@example.com,916-555-0120,8 Pine St,95630,House washing,${done},400`,
    `Ana Ortiz,ana@example.com,916-555-0121,9 Pine St,95630,House washing,${done},410`,
  ].join('\r\n')
  const server = await startOwnerServer({}, async (db) => {
    await importPastJobs(db, new TextEncoder().encode(csv), now)
    await db.updateTable('past_customers').set({ stopped_at: now }).where('email', '=', 'gus@example.com').execute()
  })
  await signInOwner(page, server)
  await page.setViewportSize({ width: 320, height: 640 })
  await page.goto(`${server.url}/owner/due-again`)
  await expect(page.getByText(T.none)).toBeVisible()

  // One letter is refused in words, as the address alone asks it.
  await page.goto(`${server.url}/owner/due-again?find=G`)
  await expect(page.getByText(F.tooShort)).toBeVisible()

  // By his phone's digits, written as the owner would say them.
  await page.getByRole('searchbox', { name: F.label }).fill('916 555 0120')
  await page.getByRole('button', { name: F.button, exact: true }).tap()
  await expect(page.getByRole('status').filter({ hasText: F.found(1, '916 555 0120') })).toBeVisible()
  const gus = page.getByRole('listitem').filter({ hasText: 'Gus Ortiz' })
  await expect(gus).toContainText(F.stopped)
  await expect(gus).toContainText('gus@example.com')
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320)
  await expectNoViolations(page)

  await gus.getByRole('button', { name: D.open, exact: true }).tap()
  await page
    .getByRole('dialog', { name: D.question('Gus Ortiz') })
    .getByRole('button', { name: D.confirm })
    .tap()
  await expect(page.getByRole('status').filter({ hasText: F.found(0, '916 555 0120') })).toBeVisible()
  await expect(page.getByRole('heading', { name: F.heading })).toBeFocused()

  // By name: Ana stays; Gus is gone for good.
  await page.goto(`${server.url}/owner/due-again?find=ortiz`)
  await expect(page.getByRole('status').filter({ hasText: F.found(1, 'ortiz') })).toBeVisible()
  await expect(page.getByRole('listitem').filter({ hasText: 'Ana Ortiz' })).toContainText('ana@example.com')
  await expect(page.getByText('Gus Ortiz')).toHaveCount(0)
  expect(server.records().filter((line) => line.level === 'error' || line.level === 'fatal')).toEqual([])
})
