import { rawRequest, type RawAnswer } from './support/raw-request'
import { siteServerForAll } from './support/site-server'
import { expect, test } from './support/test'
import { SENT_LOCATION } from './support/quote-form'

// The proxy is 127.0.0.1; a client bound to 127.0.0.2 is a visitor that reached the port without it.
const PROXY = '127.0.0.1'
const STRANGER = '127.0.0.2'

const server = siteServerForAll({ TRUST_PROXY: `${PROXY},::1`, QUOTE_RATE_LIMIT: '2' })

const send = (from: string, path: string, headers: Record<string, string>, body?: string) =>
  rawRequest(`${server.url}${path}`, { localAddress: from, headers, body })

const quote = (from: string, forwardedFor: string, i: number) =>
  send(
    from,
    '/quote-request',
    {
      Origin: server.url,
      'Content-Type': 'application/x-www-form-urlencoded',
      'X-Forwarded-For': forwardedFor,
    },
    `firstName=Peer${i}&email=peer${i}%40example.com&phone=9165550101`,
  )

const sent = (answer: RawAnswer) => Number(SENT_LOCATION.test(String(answer.headers.location ?? '')))

test('a forged X-Forwarded-For from a peer that is not the proxy does not rotate the rate limit', async () => {
  const statuses: number[] = []
  for (let i = 0; i < 4; i++) statuses.push(sent(await quote(STRANGER, `198.51.100.${i + 1}`, i)))
  expect(statuses).toEqual([1, 1, 0, 0])
})

test('through the trusted proxy each visitor the proxy names has a limit of their own', async () => {
  const statuses: number[] = []
  for (let i = 0; i < 3; i++) statuses.push(sent(await quote(PROXY, `10.9.9.9, 203.0.113.${i + 1}`, 10 + i)))
  expect(statuses).toEqual([1, 1, 1])
})

test('X-Forwarded-Proto earns HSTS only from the trusted proxy', async () => {
  const viaProxy = await send(PROXY, '/', { 'X-Forwarded-Proto': 'https' })
  expect(viaProxy.headers['strict-transport-security']).toMatch(/max-age=\d+/)
  const forged = await send(STRANGER, '/', { 'X-Forwarded-Proto': 'https' })
  expect(forged.status).toBe(200)
  expect(forged.headers['strict-transport-security']).toBeUndefined()
})
