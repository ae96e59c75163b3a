/**
 * Deleting a lead as the privacy notice promises, on the production build: the owner deletes one from the
 * inbox after confirming in a dialog (by keyboard), and it is gone after a reload. What the deletion removes (its
 * row, photos and deliveries, in both file stores) and the retention are tests/server/lead-deletion.test.ts's.
 */
import { DELETE_TEXTS } from '~/features/owner/owner-lead'
import { expectNoViolations } from './support/axe'
import { sendLeadForm, contact } from './support/lead-form'
import { signInOwner, startOwnerServer } from './support/owner'
import { expect, test } from './support/test'

test('the owner deletes a lead from the inbox after confirming, and it is gone after a reload', async ({ page }) => {
  test.setTimeout(180_000)
  const server = await startOwnerServer()
  const stamp = Date.now().toString(36)
  const [gone, kept] = [`Gone${stamp}`, `Kept${stamp}`]
  await sendLeadForm(page, `${server.url}/contact`, contact(gone))
  await sendLeadForm(page, `${server.url}/contact`, contact(kept))

  await signInOwner(page, server)
  const card = page.getByRole('article').filter({ hasText: gone })
  await expect(card.getByRole('heading', { name: gone })).toBeVisible()

  // Escape keeps the lead.
  await card.getByRole('button', { name: DELETE_TEXTS.open }).click()
  const dialog = page.getByRole('dialog', { name: DELETE_TEXTS.question(gone) })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole('button', { name: DELETE_TEXTS.keep })).toBeFocused()
  await expectNoViolations(page)
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(card).toBeVisible()

  // By keyboard, "Keep it" hands the focus back to the button that opened the dialog, its ring painted.
  const open = card.getByRole('button', { name: DELETE_TEXTS.open })
  await open.focus()
  await page.keyboard.press('Enter')
  await expect(dialog.getByRole('button', { name: DELETE_TEXTS.keep })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(dialog).toBeHidden()
  await expect(open).toBeFocused()
  await expect(open).toHaveCSS('outline-style', 'solid')
  await expect(open).toHaveCSS('outline-width', '3px')

  // Then from there: open again, move from "Keep it" to the delete, confirm.
  await page.keyboard.press('Enter')
  await expect(dialog.getByRole('button', { name: DELETE_TEXTS.keep })).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(dialog.getByRole('button', { name: DELETE_TEXTS.confirm })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(card).toHaveCount(0)
  await expect(page.getByRole('heading', { name: 'Lead inbox' })).toBeFocused()
  await expect(page.getByRole('heading', { name: kept })).toBeVisible()

  await page.reload()
  await expect(page.getByRole('heading', { name: kept })).toBeVisible()
  await expect(page.getByText(gone)).toHaveCount(0)
  // Logged as a count, never the customer's details.
  const lines = JSON.stringify(server.records().filter((record) => record.msg === 'the owner deleted a lead'))
  expect(lines).toContain('"deleted":1')
  for (const secret of [gone, `${gone.toLowerCase()}@example.com`]) expect(lines).not.toContain(secret)
})

test('on a phone, the owner deletes a lead with two taps @mobile', async ({ page }) => {
  test.setTimeout(180_000)
  const server = await startOwnerServer()
  const gone = `Phone${Date.now().toString(36)}`
  await sendLeadForm(page, `${server.url}/contact`, contact(gone))
  await signInOwner(page, server)
  const card = page.getByRole('article').filter({ hasText: gone })
  await card.getByRole('button', { name: DELETE_TEXTS.open }).tap()
  const dialog = page.getByRole('dialog', { name: DELETE_TEXTS.question(gone) })
  // Both choices fit the phone's screen, the delete at least 44 px tall.
  const confirm = dialog.getByRole('button', { name: DELETE_TEXTS.confirm })
  await expect(confirm).toBeInViewport()
  expect((await confirm.boundingBox())!.height).toBeGreaterThanOrEqual(44)
  await confirm.tap()
  await expect(card).toHaveCount(0)
  await page.reload()
  await expect(page.getByText(gone)).toHaveCount(0)
})
