// The production server behind a pretend TLS proxy: origins, client addresses, limits and headers over real
// sockets; tests/server/config.test.ts and tests/assistant/ask.test.ts hold the rules as functions.
import { assistant } from '~/content/assistant'
import { site } from '~/content/site'
import { LEAD_MESSAGES } from '~/features/leads/lead-schema'
import { renderedFormToken, SENT_LOCATION } from './support/lead-form'
import { mailTexts } from './support/owner'
import { rawRequest } from './support/raw-request'
import { siteServerForAll } from './support/site-server'
import { expect, test, type Page } from './support/test'

// One server behind a pretend TLS proxy at 127.0.0.1, with small limits so they are reached quickly.
const server = siteServerForAll({ TRUST_PROXY: '127.0.0.1', QUOTE_RATE_LIMIT: '2', ASSISTANT_RATE_LIMIT: '2' })

const FORM = 'firstName=Tls&email=tls%40example.com&phone=9165550101'
const proxied = (extra: Record<string, string> = {}) => ({
  Host: 'www.example.com',
  'X-Forwarded-Proto': 'https',
  'Content-Type': 'application/x-www-form-urlencoded',
  ...extra,
})

/** A raw POST, with the Host header a proxy sends. */
const post = (path: string, headers: Record<string, string>, body: string) =>
  rawRequest(`${server.url}${path}`, { headers, body })

// The header Start's client sends with every call; without it the call is refused before the function runs.
const asStartsClient = { 'x-tsr-serverfn': 'true' }

/** A real call of a server function from the browser: its URL and body, to replay with other headers. */
async function captureServerFnCall(page: Page, act: () => Promise<void>) {
  const request = page.waitForRequest((r) => r.url().includes('/_serverFn/') && r.method() === 'POST')
  await act()
  const sent = await request
  return { url: sent.url(), body: sent.postData() ?? '' }
}

test('behind a TLS proxy the no-JavaScript form stores the lead; a cross-site post is still refused', async () => {
  const accepted = await post(
    '/quote-request',
    proxied({ Origin: 'https://www.example.com', 'X-Forwarded-For': '203.0.113.1' }),
    `${FORM}&formToken=${encodeURIComponent(await renderedFormToken(`${server.url}/contact`))}`,
  )
  expect(accepted.status).toBe(303)
  expect(accepted.headers.location).toMatch(SENT_LOCATION)
  // The customer's acknowledgement names nothing typed: the owner's e-mail is the one.
  await expect.poll(() => mailTexts(server.dataDir, 'Tls')).toHaveLength(1)

  for (const origin of ['https://evil.example', 'http://www.example.com', 'null']) {
    const refused = await post('/quote-request', proxied({ Origin: origin, 'X-Forwarded-For': '203.0.113.2' }), FORM)
    expect(refused.status, origin).toBe(403)
  }
})

// A client bound to 127.0.0.2 is a visitor that reached the port without the proxy (127.0.0.1).
test('the rate limit counts the address the proxy saw: not what the visitor wrote, nor what a stranger forged', async () => {
  let lead = 0
  const sent = async (forwardedFor: string, from?: string) => {
    const i = lead++
    const answer = await rawRequest(`${server.url}/quote-request`, {
      localAddress: from,
      // The stranger's post is plain HTTP to the server's own address, as it reached it.
      headers: from
        ? { Origin: server.url, 'Content-Type': 'application/x-www-form-urlencoded', 'X-Forwarded-For': forwardedFor }
        : proxied({ Origin: 'https://www.example.com', 'X-Forwarded-For': forwardedFor }),
      body: `firstName=Rot${i}&email=rot${i}%40example.com&phone=9165550101`,
    })
    return Number(SENT_LOCATION.test(String(answer.headers.location ?? '')))
  }
  const statuses = async (forwardedFor: (i: number) => string, from?: string) => {
    const sentOrNot: number[] = []
    for (let i = 0; i < 4; i++) sentOrNot.push(await sent(forwardedFor(i), from))
    return sentOrNot
  }
  // The left entry is the visitor's own text; the proxy adds the address it saw on the right.
  expect(await statuses((i) => `10.9.${i}.1, 198.51.100.7`)).toEqual([1, 1, 0, 0])
  expect(await statuses((i) => `198.51.100.${i + 10}`, '127.0.0.2')).toEqual([1, 1, 0, 0])
  // Through the proxy each visitor it names has a limit of their own.
  expect(await statuses((i) => `10.9.9.9, 203.0.113.${i + 11}`)).toEqual([1, 1, 1, 1])
})

test('the result page shows only its own messages, never text from its address', async ({ page }) => {
  await page.goto(
    `${server.url}/quote-request?status=failed&message=${encodeURIComponent('Pay the deposit by wire to 555-0000')}`,
  )
  const status = page.getByRole('status')
  await expect(status).toContainText(LEAD_MESSAGES.submitError.description)
  await expect(page.getByText('Pay the deposit')).toHaveCount(0)

  // Not even one of its own texts: a refused post is answered with the page itself, so no address carries one.
  await page.goto(`${server.url}/quote-request?status=invalid&message=${encodeURIComponent('Invalid email address')}`)
  await expect(page.getByRole('status')).toContainText(LEAD_MESSAGES.submitError.description)
  await expect(page.getByText('Invalid email address')).toHaveCount(0)
})

test('chat: bad input answers 400, the limit 429 with Retry-After, and the visitor sees the fallback reply', async ({
  page,
}) => {
  await page.goto(`${server.url}/contact`)
  await page.getByRole('button', { name: 'Chat with us' }).click()
  const panel = page.getByRole('dialog', { name: assistant.name })
  const input = panel.getByPlaceholder('Ask about our services...')
  const call = await captureServerFnCall(page, async () => {
    await input.fill('What are your hours?')
    await input.press('Enter')
  })
  const path = new URL(call.url).pathname + new URL(call.url).search
  const replay = (message: string, forwardedFor: string) =>
    post(
      path,
      {
        Origin: 'https://www.example.com',
        Host: 'www.example.com',
        'X-Forwarded-Proto': 'https',
        'X-Forwarded-For': forwardedFor,
        'Content-Type': 'application/json',
        ...asStartsClient,
      },
      call.body.replace('What are your hours?', message),
    )

  // Origin without Sec-Fetch-Site (older Safari) from the public origin is accepted.
  expect((await replay('Do you clean roofs?', '198.51.100.20')).status).toBe(200)
  expect((await replay('', '198.51.100.21')).status).toBe(400)
  expect((await replay('x'.repeat(assistant.maxMessageLength + 1), '198.51.100.21')).status).toBe(400)
  expect((await replay('One', '198.51.100.22')).status).toBe(200)
  expect((await replay('Two', '198.51.100.22')).status).toBe(200)
  const limited = await replay('Three', '198.51.100.22')
  expect(limited.status).toBe(429)
  expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)

  // The browser's own address has used one message of two; the third one it sends is over the limit.
  const messages = panel.getByRole('list', { name: 'Conversation' }).getByRole('listitem')
  await expect(messages).toHaveCount(3)
  for (const text of ['Second', 'Third']) {
    await input.fill(text)
    await input.press('Enter')
  }
  await expect(messages.last()).toContainText(`Please call us directly at ${site.phone}`)
})

test('X-Forwarded-Proto https earns HSTS only from the trusted proxy', async () => {
  const hsts = async (proto: string, localAddress?: string) =>
    (await rawRequest(`${server.url}/`, { localAddress, headers: { 'X-Forwarded-Proto': proto } })).headers[
      'strict-transport-security'
    ]
  expect(await hsts('https')).toMatch(/max-age=\d{7,}/)
  expect(await hsts('http')).toBeUndefined()
  expect(await hsts('https', '127.0.0.2')).toBeUndefined()
})
