/**
 * Typical prices on the production build at 390 × 844 (docs/decisions/057-price-ranges.md): with no range set the
 * form shows none; the owner prices house washing by size; a visitor sees the range on the service tab and on the
 * form once the service and size are chosen (without JavaScript, posted by the form's price button); the lead card
 * shows it, the quote starts from it, and the customer's page shows $420 and his terms (accepting it:
 * e2e/quote-accept.spec.ts). Fields the owner fills in before the inbox's scripts run keep what he typed.
 */
import { privacyLink } from '~/content/navigation'
import { OWNER_QUOTE_TEXTS as Q } from '~/features/quotes/quote-texts'
import { OWNER_PRICE_TEXTS as P } from '~/features/prices/price-texts'
import { DEFAULT_PRICE_RULE, TYPICAL_PRICE_TEXTS } from '~/features/prices/typical-price'
import { expectNoViolations } from './support/axe'
import { APP_SCRIPTS, holdRequests } from './support/hold-requests'
import { onServer, signInOwner, startOwnerServer } from './support/owner'
import { contact, fillLeadFields, openInteractiveLeadForm, submitLeadForm } from './support/lead-form'
import { expect, test, type Browser, type Locator } from './support/test'

test.use({ viewport: { width: 390, height: 844 } })

const RANGE = 'Typical price: $350–$450'
const TERMS = 'Half on the day of the work, half a week later. A rain date moves the work at no charge.'

/** The service chosen on the form, once the server's answer about its prices has come. */
async function chooseService(form: Locator, title: string) {
  const answered = form.page().waitForResponse((response) => response.url().includes('/_serverFn/'))
  await form.getByLabel('Service').selectOption({ label: title })
  await answered
}

async function visitor(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } })
  return { context, page: await context.newPage() }
}

test('the owner prices house washing by size; a visitor sees the range; a quote starts from it', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000)
  const server = await startOwnerServer()

  // No range set: choosing the service shows no price and no size.
  const before = await visitor(browser)
  const emptyForm = await openInteractiveLeadForm(before.page, `${server.url}/contact`)
  await chooseService(emptyForm, 'Full House Washing')
  await expect(emptyForm.getByText(/Typical price/)).toHaveCount(0)
  await expect(emptyForm.getByLabel(TYPICAL_PRICE_TEXTS.sizeQuestion)).toHaveCount(0)
  await before.context.close()

  // The owner's Prices view, filled in before its scripts ran: the terms typed then are the ones saved.
  await signInOwner(page, server)
  await page.goto(`${server.url}/owner?view=prices`)
  const releasePrices = await holdRequests(page, APP_SCRIPTS)
  await page.reload({ waitUntil: 'domcontentloaded' })
  const houseWashing = page.getByRole('group', { name: 'Full House Washing' })
  await houseWashing.getByLabel(P.minimum).fill('150')
  await houseWashing.getByLabel(P.size(1)).fill('two-story')
  await houseWashing.getByLabel(P.low).first().fill('350')
  await houseWashing.getByLabel(P.high).first().fill('450')
  await page.getByLabel(P.terms).fill(TERMS)
  releasePrices()
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
  await expect(page.getByLabel(P.rule)).toHaveValue(DEFAULT_PRICE_RULE)
  await page.getByRole('button', { name: P.save, exact: true }).click()
  await expect(page.getByText(P.saved)).toBeVisible()
  await expectNoViolations(page)

  // Under the prices, the quotes' calendar feed: the renewed link shown answers. That the old one no longer does is
  // jobs.test.ts's ("a renewed secret makes the old address answer 404").
  const feed = page.getByRole('textbox', { name: Q.feedHeading })
  const oldFeed = onServer(server, await feed.inputValue())
  await page.getByRole('button', { name: Q.feedRenew }).click()
  await expect(page.getByText(Q.feedRenewed)).toBeVisible()
  const newFeed = onServer(server, await feed.inputValue())
  expect(newFeed).not.toBe(oldFeed)
  expect((await page.request.get(newFeed)).status()).toBe(200)

  // The service tab, rendered by the server.
  const { context, page: visit } = await visitor(browser)
  await visit.goto(`${server.url}/services?tab=full-house`)
  const detail = visit.locator('#service-detail')
  await expect(detail.getByText(RANGE)).toBeVisible()
  await expect(detail.getByText(TYPICAL_PRICE_TEXTS.minimum(15000)).first()).toBeVisible()
  await expectNoViolations(visit)

  // Without JavaScript the form's price button posts the choice; the form comes back with the size, then the price.
  const plain = await browser.newContext({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false })
  const noScript = await plain.newPage()
  await noScript.goto(`${server.url}/contact`)
  const plainForm = noScript.locator('.quote-request-form').first()
  await plainForm.getByLabel('First Name').fill('Olga')
  await plainForm.getByLabel('Service').selectOption({ label: 'Full House Washing' })
  // The price button keeps the form's rhythm: as far from the main button as from the line below it.
  const priceButton = plainForm.getByRole('button', { name: TYPICAL_PRICE_TEXTS.showPrice })
  const [send, price, below] = await Promise.all(
    [
      plainForm.getByRole('button', { name: 'Get My Free Quote' }),
      priceButton,
      plainForm.locator('p').filter({ has: noScript.getByRole('link', { name: privacyLink.label }) }),
    ].map(async (element) => (await element.boundingBox())!),
  )
  expect(price!.y - (send!.y + send!.height)).toBe(below!.y - (price!.y + price!.height))
  await priceButton.click()
  await expect(plainForm.getByLabel(TYPICAL_PRICE_TEXTS.sizeQuestion)).toBeVisible()
  await expect(plainForm.getByText(/Typical price/)).toHaveCount(0)
  await expect(plainForm.getByLabel('First Name')).toHaveValue('Olga')
  await plainForm.getByLabel(TYPICAL_PRICE_TEXTS.sizeQuestion).selectOption('two-story')
  await priceButton.click()
  await expect(plainForm.getByText(RANGE)).toBeVisible()
  await expect(plainForm.getByText('Minimum charge: $150')).toBeVisible()
  await expect(plainForm.getByLabel('Service')).toHaveValue('full-house')
  await plain.close()

  // The form: the service, then its size, then the range, the minimum and the rule.
  const form = await openInteractiveLeadForm(visit, `${server.url}/contact`)
  await chooseService(form, 'Full House Washing')
  await expect(form.getByText(/Typical price/)).toHaveCount(0)
  await form.getByLabel(TYPICAL_PRICE_TEXTS.sizeQuestion).selectOption('two-story')
  await expect(form.getByText(RANGE)).toBeVisible()
  await expect(form.getByText('Minimum charge: $150')).toBeVisible()
  await expect(form.getByText(DEFAULT_PRICE_RULE)).toBeVisible()
  await expectNoViolations(visit)
  expect(await visit.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await fillLeadFields(form, contact('Nora'))
  await submitLeadForm(visit, form)
  await context.close()

  // The lead card, and the quote started from the range.
  await page.goto(`${server.url}/owner`)
  const card = page.getByRole('article', { name: 'Nora' })
  await expect(card.getByText('Typical price shown: $350–$450 (two-story), minimum $150')).toBeVisible()
  // Olga only asked the price: no lead of hers.
  await expect(page.getByRole('article')).toHaveCount(1)
  await card.getByRole('link', { name: Q.write }).click()
  const item = page.getByRole('list', { name: 'Items' }).getByRole('listitem').first()
  await expect(item.getByLabel(`${Q.description} 1`)).toHaveValue('Full House Washing (two-story)')
  await expect(item.getByLabel(Q.price)).toHaveValue('350')
  // The price typed over the prefill before the editor's scripts ran is the one sent.
  const release = await holdRequests(page, APP_SCRIPTS)
  await page.reload({ waitUntil: 'domcontentloaded' })
  await item.getByLabel(Q.price).fill('420')
  release()
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
  await expect(page.getByText(Q.totalRequired(42_000))).toBeVisible()
  await page.getByRole('button', { name: Q.send }).click()
  await expect(page.getByText(Q.sentNow)).toBeVisible()
  const link = await page.getByLabel(Q.link).inputValue()

  // The customer's page: $420 and the owner's terms. Accepted, it counts as inside the range in Sources:
  // price-ranges.test.ts, "counts accepted quotes below, inside and above".
  const customer = await visitor(browser)
  await customer.page.goto(`${server.url}${new URL(link).pathname}`)
  await expect(customer.page.locator('output')).toHaveText('$420.00')
  await expect(customer.page.getByText(TERMS)).toBeVisible()
  await customer.context.close()
})
