// The chat panel in Chromium: focus, Escape, its animation, a phone's layout and the failures a visitor sees; the
// answers themselves are tests/assistant/*.test.ts's.
import { expect, test, type Page, type Route } from './support/test'
import { wcagAudit } from './support/axe'
import { isPartlyFaded, recordLooks } from './support/animations'
import { assistant } from '~/content/assistant'
import { site } from '~/content/site'
import { siteServerForAll } from './support/site-server'
import { startHttpStub, type HttpStub } from './support/http-stub'

const FALLBACK = `I'm sorry, I'm having trouble responding right now. Please call us directly at ${site.phone} for immediate assistance with your pressure washing needs!`

async function openChat(page: Page, url = '/') {
  await page.goto(url)
  const button = page.getByRole('button', { name: 'Chat with us' })
  await button.click()
  const panel = page.getByRole('dialog', { name: assistant.name })
  await expect(panel).toBeVisible()
  // Fully grown in, so boxes and colour contrast are measured on the panel as it stays.
  await expect(panel).toHaveCSS('opacity', '1')
  await expect(panel).toHaveCSS('transform', 'none')
  return {
    button,
    panel,
    input: panel.getByPlaceholder('Ask about our services...'),
    messages: panel.getByRole('list', { name: 'Conversation' }).getByRole('listitem'),
  }
}

test('the chat button opens a panel titled with the assistant name that starts with one greeting', async ({ page }) => {
  const { button, panel, input, messages } = await openChat(page)
  await expect(panel.getByRole('heading', { name: assistant.name })).toBeVisible()
  await expect(messages).toHaveCount(1)
  await expect(messages.first()).toContainText(assistant.greeting)
  await expect(input).toBeFocused()
  await expect(button).toHaveAttribute('aria-expanded', 'true')
  await page.screenshot({ path: test.info().outputPath('chat-open.png') })
  const audit = await (await wcagAudit(page)).include('[role="dialog"]').analyze()
  expect(audit.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([])

  await page.keyboard.press('Escape')
  await expect(panel).toBeHidden()
  await expect(button).toBeFocused()
  await expect(button).toHaveAttribute('aria-expanded', 'false')

  // Opened again from the keyboard: Enter on the focused button.
  await page.keyboard.press('Enter')
  await expect(input).toBeFocused()
  await panel.getByRole('button', { name: 'Close chat' }).click()
  await expect(panel).toBeHidden()
  await expect(button).toBeFocused()
})

test('the panel grows in from its corner when opened and shrinks away when closed, focus going back at once', async ({
  page,
}) => {
  await page.goto('/')
  // Every Web Animation at a tenth of the speed, so the 0.2 s movement spans many frames however busy the machine is.
  const devTools = await page.context().newCDPSession(page)
  await devTools.send('Animation.enable')
  await devTools.send('Animation.setPlaybackRate', { playbackRate: 0.1 })
  const button = page.getByRole('button', { name: 'Chat with us' })
  const panel = page.getByRole('dialog', { name: assistant.name })
  let looks = await recordLooks(page, '[role="dialog"]')
  await button.click()
  await expect(panel).toHaveCSS('opacity', '1', { timeout: 10_000 })
  await expect(panel).toHaveCSS('transform', 'none')
  const opening = (await looks()).filter((look) => look !== 'hidden')
  // Its first frame is nearly transparent and shrunk: it is never seen at full size before it grows.
  expect(Number.parseFloat(opening[0]!)).toBeLessThan(0.5)
  expect(opening[0]).toMatch(/^[\d.]+ matrix\(0\.9/)
  expect(opening.filter(isPartlyFaded).length).toBeGreaterThan(2)

  looks = await recordLooks(page, '[role="dialog"]')
  await page.keyboard.press('Escape')
  await expect(button).toBeFocused()
  await expect(panel).toBeHidden({ timeout: 10_000 })
  const closing = await looks()
  expect(closing.filter(isPartlyFaded).length).toBeGreaterThan(2)
  expect(closing.at(-1)).toBe('hidden')
})

test('with reduced motion the panel opens and closes at once', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' })
  await page.goto('/')
  const button = page.getByRole('button', { name: 'Chat with us' })
  const panel = page.getByRole('dialog', { name: assistant.name })
  let looks = await recordLooks(page, '[role="dialog"]')
  await button.click()
  await expect(panel).toBeVisible()
  await page.evaluate(() => new Promise((painted) => requestAnimationFrame(() => requestAnimationFrame(painted))))
  expect((await looks()).filter((look) => look !== 'hidden')[0]).toBe('1 none')

  looks = await recordLooks(page, '[role="dialog"]')
  await page.keyboard.press('Escape')
  await expect(panel).toBeHidden()
  await page.evaluate(() => new Promise((painted) => requestAnimationFrame(() => requestAnimationFrame(painted))))
  expect((await looks()).filter(isPartlyFaded)).toEqual([])
})

test('an empty or whitespace-only message is not sent', async ({ page }) => {
  const calls: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('/_serverFn/')) calls.push(request.postData() ?? '')
  })
  const { panel, input, messages } = await openChat(page)
  await input.press('Enter')
  await input.fill('    ')
  await input.press('Enter')
  await panel.getByRole('button', { name: 'Send message' }).click()
  // A real message sent after them is answered: a call for the empty ones would have gone out before it.
  await input.fill('What are your hours?')
  await input.press('Enter')
  await expect(messages).toHaveCount(3)
  await expect(messages.nth(1)).toHaveText('You: What are your hours?')
  expect(calls).toEqual([expect.stringContaining('What are your hours?')])
})

test('Enter sends the message and, without a language model, the assistant answers from the site content', async ({
  page,
}) => {
  const { panel, input, messages } = await openChat(page)
  await input.fill('  What are your hours?  ')
  await input.press('Enter')
  await expect(messages.nth(1)).toHaveText('You: What are your hours?')
  await expect(input).toHaveValue('')
  await expect(messages.nth(2)).toContainText(site.hours.label)
  await expect(messages).toHaveCount(3)
  // The reply is announced to screen readers and focus is back in the input.
  await expect(panel.getByRole('status')).toContainText(site.hours.label)
  await expect(input).toBeFocused()

  await input.fill('Do you serve Davis?')
  await input.press('Enter')
  await expect(messages.nth(4)).toContainText("Davis isn't one of our 16 listed service areas")
  await expect(messages.nth(4)).toContainText(site.phone)
  await expect(messages.nth(4).getByRole('link', { name: site.phone })).toHaveAttribute('href', site.phoneHref)
  await page.screenshot({ path: test.info().outputPath('chat-conversation.png') })
})

// Within the screen's width, at 320 to 390 px: phone-widths.spec.ts, "the chat open".
test('the chat panel fits a phone screen above the chat button @mobile', async ({ page }) => {
  const { button, panel } = await openChat(page)
  const panelBox = (await panel.boundingBox())!
  const buttonBox = (await button.boundingBox())!
  expect(panelBox.y).toBeGreaterThanOrEqual(64) // below the fixed header
  expect(panelBox.y + panelBox.height).toBeLessThanOrEqual(buttonBox.y)
  await page.screenshot({ path: test.info().outputPath('chat-mobile.png') })
})

for (const [name, fail] of [
  ['answering 500', (route: Route) => route.fulfill({ status: 500, body: 'boom' })],
  ['dropping the connection', (route: Route) => route.abort('connectionreset')],
] as const) {
  test(`the site ${name}: the bot replies with the exact fallback and the phone number`, async ({ page }) => {
    const { input, messages } = await openChat(page)
    await page.route('**/_serverFn/**', fail)
    await input.fill('Hello?')
    await input.press('Enter')
    await expect(messages.nth(2)).toHaveText(`${assistant.name}: ${FALLBACK}`)
    expect(FALLBACK).toContain(site.phone)
    await expect(input).toBeEnabled()
  })
}

test.describe('with a language model (an OpenAI-compatible one stood in for)', () => {
  let model: HttpStub
  const server = siteServerForAll(async () => {
    model = await startHttpStub()
    return { ASSISTANT_LLM_URL: model.url, ASSISTANT_LLM_KEY: 'e2e-model-key' }
  })
  test.afterAll(async () => model?.stop())

  test('while the model is answering, input and send are disabled and a typing indicator shows', async ({ page }) => {
    let answer!: () => void
    const answered = new Promise<void>((resolve) => (answer = resolve))
    model.reply = { body: { choices: [{ message: { content: 'We clean roofs by soft wash.' } }] }, until: answered }
    const { panel, input, messages } = await openChat(page, server.url)
    const send = panel.getByRole('button', { name: 'Send message' })
    await input.fill('  Do you clean roofs?  ')
    await input.press('Enter')
    await expect(input).toBeDisabled()
    await expect(send).toBeDisabled()
    await expect(panel.getByText(`${assistant.name} is typing…`)).toBeVisible()

    answer()
    await expect(messages.nth(2)).toHaveText(`${assistant.name}: We clean roofs by soft wash.`)
    await expect(panel.getByText(`${assistant.name} is typing…`)).toBeHidden()
    await expect(input).toBeEnabled()
    await expect(send).toBeEnabled()
    // What the model is asked (the message trimmed, the key): tests/assistant/llm.test.ts and ask.test.ts.
  })

  // Each way the model can fail (an HTTP error, no message, a timeout): tests/assistant/llm.test.ts.
  test('the model dropping the connection: the site answers from its own content instead', async ({ page }) => {
    model.reply = { hangUp: true }
    const { input, messages } = await openChat(page, server.url)
    await input.fill('What are your hours?')
    await input.press('Enter')
    await expect(messages.nth(2)).toContainText(site.hours.label)
    await expect(input).toBeEnabled()
  })
})
