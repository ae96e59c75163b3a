// npm run bench:leads — a burst of quote submissions while the owner's SMTP server is down for the first
// half: acknowledged, stored, e-mailed, duplicates and lost (must be 0), rate and latency.
import { randomUUID } from 'node:crypto'
import { Agent, request, type IncomingHttpHeaders } from 'node:http'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { toJSONAsync } from 'seroval'
import { SMTPServer } from 'smtp-server'
import { freePort } from '../../tests/support/free-port'
import { contactFormToken, findQuoteFunctionUrl, report, startProductionServer } from './common'

const TOTAL = Number(process.env.BENCH_LEADS ?? 300)
const CONCURRENCY = Number(process.env.BENCH_LEADS_CONCURRENCY ?? 25)
const RETRY_SHARE = 0.1 // this share of requests is sent twice with the same idempotency key
const DRAIN_TIMEOUT_MS = 180_000

// The owner's mailbox: an in-process SMTP server that only starts listening halfway through.
const received: string[] = []
const smtpPort = await freePort()
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    let text = ''
    stream.on('data', (chunk: Buffer) => (text += chunk))
    stream.on('end', () => {
      received.push(text)
      callback()
    })
  },
})

const server = await startProductionServer({
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  QUOTE_RATE_LIMIT: '1000000',
  // The leads are sent at once; they still carry a signed form token.
  QUOTE_MIN_FILL_MS: '0',
})

const functionUrl = await findQuoteFunctionUrl(server.url)
const formToken = await contactFormToken(server.url)

type Lead = (typeof leads)[number]

const latenciesMs: number[] = []

// One kept-alive connection per request in flight, as visitors have; fetch()'s pool measured itself (decision 026).
const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY })
const connections = new Set<unknown>()

function post(url: string, headers: Record<string, string>, body: string) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders }>((resolve, reject) => {
    const req = request(url, {
      method: 'POST',
      agent,
      headers: { ...headers, 'content-length': Buffer.byteLength(body) },
    })
    req.on('socket', (socket) => connections.add(socket))
    req.on('response', (response) => {
      response.resume()
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers }))
      response.on('error', reject)
    })
    req.on('error', reject)
    req.end(body)
  })
}

async function submit(lead: Lead) {
  const body = JSON.stringify(await toJSONAsync({ data: lead }))
  const sentAt = performance.now()
  try {
    const response = await post(
      functionUrl,
      {
        'content-type': 'application/json',
        'x-tsr-serverfn': 'true',
        accept: 'application/json',
        // What a browser sends: the answer may come compressed.
        'accept-encoding': 'gzip, deflate, br, zstd',
        origin: server.url,
        'sec-fetch-site': 'same-origin',
      },
      body,
    )
    latenciesMs.push(performance.now() - sentAt)
    // The quote function answers 200 only when the lead is stored ({ success: true }).
    return response.status === 200
  } catch {
    return false
  }
}

const leads = Array.from({ length: TOTAL }, (_, i) => ({
  firstName: `Lead${String(i).padStart(4, '0')}x${randomUUID().slice(0, 6)}`,
  email: `lead${i}@example.com`,
  phone: `916-555-${String(1000 + (i % 9000)).padStart(4, '0')}`,
  company: '',
  formToken,
  idempotencyKey: randomUUID(),
  sourcePage: '/contact',
}))
const retries = leads.filter((_, i) => i % Math.round(1 / RETRY_SHARE) === 0)
const queue = [...leads, ...retries].sort(() => Math.random() - 0.5)

const acknowledged = new Set<string>()
const started = Date.now()
let smtpStartedAt = 0
let next = 0
async function worker() {
  while (next < queue.length) {
    const lead = queue[next++]!
    if (!smtpStartedAt && next >= queue.length / 2) {
      smtpStartedAt = Date.now()
      await new Promise<void>((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve))
    }
    if (await submit(lead)) acknowledged.add(lead.firstName)
  }
}
await Promise.all(Array.from({ length: CONCURRENCY }, worker))
const burstMs = Date.now() - started
agent.destroy()

// Wait for the outbox to deliver everything acknowledged (its backoff retries after SMTP is back).
const drainStarted = Date.now()
const emailedNames = () => {
  const names = new Map<string, number>()
  for (const mail of received) {
    const name = mail.match(/Lead\d{4}x[0-9a-f]{6}/)?.[0]
    if (name) names.set(name, (names.get(name) ?? 0) + 1)
  }
  return names
}
while (Date.now() - drainStarted < DRAIN_TIMEOUT_MS && emailedNames().size < acknowledged.size) {
  await new Promise((resolve) => setTimeout(resolve, 500))
}
const drainMs = Date.now() - drainStarted
await server.stop()
await new Promise<void>((resolve) => smtp.close(() => resolve()))

const db = new PGlite(join(server.dataDir, 'pglite'))
const rows = (await db.query<{ first_name: string }>('select first_name from quote_requests')).rows.map(
  (row) => row.first_name,
)
await db.close()
const stored = new Set(rows)
const emailed = emailedNames()
const duplicateRows = rows.length - stored.size
const duplicateEmails = [...emailed.values()].reduce((sum, count) => sum + (count - 1), 0)
const lostNotStored = [...acknowledged].filter((name) => !stored.has(name)).length
const lostNotEmailed = [...acknowledged].filter((name) => !emailed.has(name)).length

const sorted = latenciesMs.sort((a, b) => a - b)
const percentile = (p: number) =>
  Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0)
const result = {
  requests: queue.length,
  'in flight': CONCURRENCY,
  connections: connections.size,
  'req/s': Math.round(queue.length / (burstMs / 1000)),
  'p50 ms': percentile(50),
  'p99 ms': percentile(99),
  'max ms': Math.round(sorted.at(-1) ?? 0),
  'unique leads': TOTAL,
  acknowledged: acknowledged.size,
  stored: stored.size,
  'emailed after recovery': emailed.size,
  'duplicate rows': duplicateRows,
  'duplicate emails': duplicateEmails,
  lost: lostNotStored + lostNotEmailed,
  'burst ms': burstMs,
  'SMTP down for ms': smtpStartedAt - started,
  'drain ms': drainMs,
}
report('leads', [result], Object.keys(result))
if (result.lost > 0 || duplicateRows > 0 || acknowledged.size !== TOTAL) {
  console.error('\nLeads were lost, duplicated, or not acknowledged.')
  process.exit(1)
}
