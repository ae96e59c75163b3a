// A burst of quote posts on kept-alive connections must not keep visitors who connect meanwhile waiting:
// counted in answers served to others, not in milliseconds (docs/decisions/034-short-turns-under-a-burst.md).
import { Agent, request } from 'node:http'
import { expect, test } from './support/test'
import { contact, renderedFormToken } from './support/lead-form'
import { startSiteServer } from './support/site-server'

const BUSY_CLIENTS = 24
const NEW_VISITORS = 32

test('visitors who connect during a burst are answered after a fair share of it, not after all of it', async () => {
  test.setTimeout(120_000)
  const server = await startSiteServer({ QUOTE_RATE_LIMIT: '1000000' })
  const formToken = await renderedFormToken(`${server.url}/contact`)
  let lead = 0
  const post = (agent: Agent) =>
    new Promise<number>((resolve, reject) => {
      lead++
      const body = new URLSearchParams({ ...contact(`Burst${lead}`), formToken }).toString()
      const req = request(`${server.url}/quote-request`, {
        method: 'POST',
        agent,
        headers: {
          Origin: server.url,
          'Content-Type': 'application/x-www-form-urlencoded',
          'Content-Length': Buffer.byteLength(body),
        },
      })
      req.on('response', (response) => response.resume().on('end', () => resolve(response.statusCode ?? 0)))
      req.on('error', reject)
      req.end(body)
    })

  // The burst: each client posts again as soon as it is answered, on its one kept-alive connection.
  let servedToBurst = 0
  let bursting = true
  const busy = Array.from({ length: BUSY_CLIENTS }, async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 })
    while (bursting) {
      expect(await post(agent)).toBe(303)
      servedToBurst++
    }
    agent.destroy()
  })
  await expect.poll(() => servedToBurst, { timeout: 60_000 }).toBeGreaterThan(5 * BUSY_CLIENTS)

  // New visitors arrive together, each on a new connection.
  const servedBefore = servedToBurst
  const waitedFor = await Promise.all(
    Array.from({ length: NEW_VISITORS }, async () => {
      const agent = new Agent({ keepAlive: false })
      expect(await post(agent)).toBe(303)
      return servedToBurst - servedBefore
    }),
  )
  bursting = false
  await Promise.all(busy)

  // Served in turn, the last newcomer waits for about everyone once; a server that reads every waiting
  // request before it accepts one more connection served the burst about NEW_VISITORS times over.
  expect(Math.max(...waitedFor)).toBeLessThan(4 * (BUSY_CLIENTS + NEW_VISITORS))
})
