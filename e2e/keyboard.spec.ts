import { expect, test } from './support/test'
import { tabTo } from './support/keyboard'
import { openInteractiveLeadForm } from './support/lead-form'
import { LEAD_MESSAGES } from '~/features/leads/lead-schema'
import { HEARD_ABOUT_QUESTION } from '~/features/leads/lead-source-constants'

test.describe('keyboard only @mobile', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('open the menu, reach each link, close it with Escape', async ({ page }) => {
    await page.goto('/contact')
    const toggle = page.getByRole('button', { name: 'Open menu' })
    await tabTo(page, toggle)
    await page.keyboard.press('Enter')
    const menu = page.getByRole('navigation', { name: 'Mobile' })
    await expect(menu).toBeVisible()
    for (const name of ['About', 'Services', 'Gallery', 'Reviews']) {
      await tabTo(page, menu.getByRole('link', { name }))
    }
    await page.keyboard.press('Escape')
    await expect(menu).toBeHidden()
  })
})

test('fill and send the quote form with the keyboard alone', async ({ page }) => {
  const form = await openInteractiveLeadForm(page, '/contact')
  await tabTo(page, form.getByLabel('First Name'))
  await page.keyboard.type('Kim')
  await page.keyboard.press('Tab')
  await page.keyboard.type('kim@example.com')
  await page.keyboard.press('Tab')
  await page.keyboard.type('916-555-0111')
  // The optional fields after them, each stop with its focus ring; a letter picks an answer from the list.
  const heardAbout = form.getByLabel(HEARD_ABOUT_QUESTION)
  await tabTo(page, heardAbout)
  await page.keyboard.press('y')
  await expect(heardAbout).toHaveValue('yelp')
  await tabTo(page, form.getByRole('button', { name: 'Get My Free Quote' }), 1)
  await page.clock.fastForward(4_000)
  await page.keyboard.press('Enter')
  await expect(page.getByText(LEAD_MESSAGES.success.title)).toBeVisible()
})
