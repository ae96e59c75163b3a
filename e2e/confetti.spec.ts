import sharp from 'sharp'
import { cspViolations } from './support/csp'
import { contact, sendLeadForm } from './support/lead-form'
import { expect, test } from './support/test'

test('the success confetti paints pixels under the Content-Security-Policy, with no violation', async ({ page }) => {
  const violations = cspViolations(page)
  await sendLeadForm(page, '/contact', contact('Confetti', '(916) 555-0100'))
  // The confetti code is fetched on success; under load it can arrive after the toast.
  await expect(page.locator('body > canvas')).toBeAttached()
  await page.clock.runFor(300)

  // Everything but the confetti canvas hidden: what is left opaque in the screenshot is confetti.
  await page.addStyleTag({
    content: 'body > :not(canvas) { visibility: hidden !important } html, body { background: transparent !important }',
  })
  const { data } = await sharp(await page.screenshot({ omitBackground: true }))
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true })
  let painted = 0
  for (let alpha = 3; alpha < data.length; alpha += 4) if (data[alpha]! > 0) painted++
  expect(painted).toBeGreaterThan(500)
  expect(violations).toEqual([])
})
