// npm run bench:fuzz — FUZZ_PAYLOADS (10,000) forged quote requests (function calls, odd bodies, form posts)
// against the production server; any 5xx, or any stored row the form's schema would refuse, fails the run.
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import fc from 'fast-check'
import { toJSONAsync } from 'seroval'
import * as v from 'valibot'
import { quoteRequestSchema } from '../../app/lib/quote-schema'
import { contactFormToken, findQuoteFunctionUrl, report, startProductionServer } from './common'

const TOTAL = Number(process.env.FUZZ_PAYLOADS ?? 10_000)
const CONCURRENCY = 16
const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000)

const server = await startProductionServer({ QUOTE_RATE_LIMIT: '1000000', QUOTE_MIN_FILL_MS: '0' })
const functionUrl = await findQuoteFunctionUrl(server.url)
const formToken = await contactFormToken(server.url)

// Mostly plausible values, sometimes anything: the near-valid ones reach the validation and the store.
const mostly = <T>(likely: fc.Arbitrary<T>, ...odd: fc.Arbitrary<unknown>[]) =>
  fc.oneof(
    { weight: 4, arbitrary: likely as fc.Arbitrary<unknown> },
    ...odd.map((arbitrary) => ({ weight: 1, arbitrary })),
  )
const fields = {
  firstName: mostly(
    fc.constantFrom('Maria', ' Bob ', 'José', "D'Angelo", '=?utf-8?q?=0D=0ABcc:_x@y.example?='),
    fc.string({ maxLength: 300 }),
    fc.string({ unit: 'binary' }),
  ),
  email: mostly(fc.emailAddress(), fc.string(), fc.constant('a@b')),
  phone: mostly(fc.stringMatching(/^\(?[0-9]{3}\)? ?[0-9]{3}-[0-9]{4}$/), fc.string(), fc.integer()),
  company: mostly(fc.constant(''), fc.string()),
  formToken: mostly(fc.constant(formToken), fc.string(), fc.constant(null)),
  idempotencyKey: mostly(fc.uuid(), fc.string()),
  sourcePage: mostly(fc.webPath(), fc.string(), fc.constant(null)),
}
const nearValid = fc.oneof(fc.record(fields), fc.record(fields, { requiredKeys: [] }))

type Probe = { kind: 'function' | 'raw body' | 'form post'; send: () => Promise<Response> }
const sameOrigin = { origin: server.url, 'sec-fetch-site': 'same-origin' }
const functionHeaders = { 'content-type': 'application/json', 'x-tsr-serverfn': 'true', accept: 'application/json' }
const callFunction = (body: string) =>
  fetch(functionUrl, { method: 'POST', headers: { ...functionHeaders, ...sameOrigin }, body })
const probe = fc.oneof(
  fc.oneof(nearValid, fc.anything()).map((data): Probe => ({
    kind: 'function',
    send: async () => callFunction(JSON.stringify(await toJSONAsync({ data }))),
  })),
  fc
    .oneof(fc.json(), fc.string(), fc.string({ unit: 'binary' }), fc.constantFrom('null', '{}', '{"t":1}', '[]'))
    .map((body): Probe => ({ kind: 'raw body', send: () => callFunction(body) })),
  fc
    .dictionary(fc.constantFrom(...Object.keys(fields), 'elapsedMs', 'x'), fc.string({ maxLength: 120 }))
    .chain((extra) =>
      nearValid.map((record): Probe => ({
        kind: 'form post',
        send: () =>
          fetch(`${server.url}/quote-request`, {
            method: 'POST',
            redirect: 'manual',
            headers: { 'content-type': 'application/x-www-form-urlencoded', ...sameOrigin },
            body: new URLSearchParams(
              Object.entries({ ...extra, ...record }).map(([key, value]) => [key, String(value ?? '')]),
            ).toString(),
          }),
      })),
    ),
)

const probes = fc.sample(probe, { numRuns: TOTAL, seed })
const counts = new Map<string, number>()
let next = 0
async function worker() {
  while (next < probes.length) {
    const { kind, send } = probes[next++]!
    let status: string
    try {
      const response = await send()
      await response.arrayBuffer()
      status = String(response.status)
    } catch (error) {
      status = `no answer (${(error as Error).message})`
    }
    const key = `${kind} ${status}`
    counts.set(key, (counts.get(key) ?? 0) + 1)
  }
}
await Promise.all(Array.from({ length: CONCURRENCY }, worker))
await server.stop()

const db = new PGlite(join(server.dataDir, 'pglite'))
const rows = (await db.query<{ first_name: string; email: string; phone: string }>('select * from quote_requests')).rows
await db.close()
const invalid = rows.filter((row) => {
  const parsed = v.safeParse(quoteRequestSchema, { firstName: row.first_name, email: row.email, phone: row.phone })
  return !parsed.success || parsed.output.firstName !== row.first_name || parsed.output.email !== row.email
})
const serverErrors = [...counts].filter(([key]) => / (5\d\d|no answer)/.test(key)).reduce((sum, [, n]) => sum + n, 0)

const answers = [...counts].sort().map(([key, n]) => ({ answer: key, requests: n }))
report('fuzz', answers, ['answer', 'requests'])
console.log(
  `\nseed ${seed}: ${TOTAL} payloads, ${serverErrors} answered 5xx or not at all; ${rows.length} rows stored, ${invalid.length} invalid`,
)
if (serverErrors > 0 || invalid.length > 0) process.exit(1)
