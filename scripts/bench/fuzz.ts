// npm run bench:fuzz — FUZZ_PAYLOADS (10,000) forged quote requests (function calls, odd bodies, form posts)
// against the production server; any 5xx, any stored row the form's schema would refuse, a valid lead lost
// over a forged visit source, or a forged value in a response header or log line fails the run.
import { randomUUID } from 'node:crypto'
import { isDeepStrictEqual } from 'node:util'
import fc from 'fast-check'
import { toJSONAsync } from 'seroval'
import * as v from 'valibot'
import { postForm } from '../../e2e/support/lead-form'
import { mailTexts } from '../../e2e/support/owner'
import { leadRequestSchema } from '../../app/features/leads/lead-schema'
import { CAMPAIGN_TAGS, cleanVisitSource, HEARD_ABOUT, LEAD_CHANNELS } from '../../app/features/leads/lead-source'
import { parseLogLines } from '../../tests/support/log-lines'
import { openSiteDatabase } from '../../tests/support/site-process'
import { contactFormToken, inParallel, quoteFunctionUrl, report, startProductionServer } from './common'

const TOTAL = Number(process.env.FUZZ_PAYLOADS ?? 10_000)
const CONCURRENCY = 16
const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000)

const server = await startProductionServer({ QUOTE_RATE_LIMIT: '1000000', QUOTE_MIN_FILL_MS: '0' })
const functionUrl = quoteFunctionUrl(server.url)
const formToken = await contactFormToken(server.url)

// Mostly plausible values, sometimes anything: the near-valid ones reach the validation and the store.
const mostly = <T>(likely: fc.Arbitrary<T>, ...odd: fc.Arbitrary<unknown>[]) =>
  fc.oneof(
    { weight: 4, arbitrary: likely as fc.Arbitrary<unknown> },
    ...odd.map((arbitrary) => ({ weight: 1, arbitrary })),
  )
// What a visit's source may be forged into; FORGED marks what must never reach a header or a log line.
const MARK = 'FORGED'
const forgedTag = fc.oneof(
  fc.constant(`${MARK}${'x'.repeat(10_240)}`),
  fc.constant(`${MARK}\r\nBcc: victim@example.com`),
  fc.constant(`${MARK}\u0000\u001b[31m\u202E`),
  fc.string({ maxLength: 300 }).map((text) => `${MARK}${text}`),
  fc.string({ unit: 'binary', maxLength: 100 }),
)
const forgedSource = fc.oneof(
  fc.record({
    tags: fc.dictionary(fc.constantFrom(...CAMPAIGN_TAGS, 'utm_id', '__proto__'), forgedTag, { maxKeys: 4 }),
    landingPath: fc.oneof(fc.webPath(), fc.constant(`//${MARK}.example/x`), forgedTag),
    referrerHost: fc.oneof(fc.domain(), fc.constant(`${MARK}.example/path?q=1`), forgedTag),
    channel: fc.oneof(fc.constantFrom(...LEAD_CHANNELS), fc.constant(`${MARK}-channel`)),
  }),
  fc.constantFrom('[1,2,3]', '"text"', 'null', '42', `{"tags":`, `${MARK}\r\nX-Injected: 1`),
  fc.anything(),
)
/** Sent as the form sends it: the stored JSON text, or an object. */
const visitSource = fc.oneof(
  forgedSource,
  forgedSource.map((source) => JSON.stringify(source) ?? ''),
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
  heardAbout: mostly(fc.constantFrom('', ...HEARD_ABOUT), fc.string(), fc.constant(`${MARK}\r\n`)),
  visitSource,
}
const nearValid = fc.oneof(fc.record(fields), fc.record(fields, { requiredKeys: [] }))

type Probe = { kind: 'function' | 'raw body' | 'form post'; send: () => Promise<Response> }
const sameOrigin = { origin: server.url, 'sec-fetch-site': 'same-origin' }
const functionHeaders = { 'content-type': 'application/json', 'x-tsr-serverfn': 'true', accept: 'application/json' }
const callFunction = (body: string) =>
  fetch(functionUrl, { method: 'POST', headers: { ...functionHeaders, ...sameOrigin }, body })
/** The function called with `data`, serialized as the form's script sends it. */
const callWith = async (data: unknown) => callFunction(JSON.stringify(await toJSONAsync({ data })))
const postFields = (fields: Record<string, unknown>) => {
  const texts = Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, formText(value)]))
  return postForm(server.url, '/quote-request', texts, { 'sec-fetch-site': 'same-origin' })
}
const probe = fc.oneof(
  fc.oneof(nearValid, fc.anything()).map((data): Probe => ({ kind: 'function', send: () => callWith(data) })),
  fc
    .oneof(fc.json(), fc.string(), fc.string({ unit: 'binary' }), fc.constantFrom('null', '{}', '{"t":1}', '[]'))
    .map((body): Probe => ({ kind: 'raw body', send: () => callFunction(body) })),
  fc
    .dictionary(fc.constantFrom(...Object.keys(fields), 'elapsedMs', 'x'), fc.string({ maxLength: 120 }))
    .chain((extra) =>
      nearValid.map((record): Probe => ({ kind: 'form post', send: () => postFields({ ...extra, ...record }) })),
    ),
)

function formText(value: unknown): string {
  if (value !== null && typeof value === 'object') return JSON.stringify(value) ?? ''
  return String(value ?? '')
}

// Valid leads that differ only in a forged visit source, by both ways in: each must be stored. Bodies over the
// 16 KB every request may send are answered 413 before any field is read: the random probes send those.
const fitting = visitSource.filter(
  (source) => new URLSearchParams({ source: formText(source) }).toString().length <= 12_000,
)
const forgedLeads = fc.sample(fitting, { numRuns: 200, seed }).map((source, i): Probe & { name: string } => {
  const name = `Forged${i.toString(36)}`
  const lead = { firstName: name, email: `${name.toLowerCase()}@example.com`, phone: '916-555-0142', formToken }
  const viaForm = i % 2 === 1
  return {
    name,
    kind: viaForm ? 'form post' : 'function',
    send: viaForm
      ? () => postFields({ ...lead, visitSource: source })
      : () => callWith({ ...lead, idempotencyKey: randomUUID(), visitSource: source }),
  }
})

const probes: Probe[] = [...fc.sample(probe, { numRuns: TOTAL, seed }), ...forgedLeads]
const counts = new Map<string, number>()
const headersWithMark: string[] = []
await inParallel(probes.length, CONCURRENCY, async (i) => {
  const { kind, send } = probes[i]!
  let status: string
  try {
    const response = await send()
    await response.arrayBuffer()
    status = String(response.status)
    for (const [name, value] of response.headers) if (value.includes(MARK)) headersWithMark.push(`${name}: ${value}`)
  } catch (error) {
    status = `no answer (${(error as Error).message})`
  }
  const key = `${kind} ${status}`
  counts.set(key, (counts.get(key) ?? 0) + 1)
})
await server.stop()

const db = await openSiteDatabase(server)
const rows = await db.selectFrom('leads').selectAll().execute()
await db.close()
const invalid = rows.filter((row) => {
  const parsed = v.safeParse(leadRequestSchema, { firstName: row.first_name, email: row.email, phone: row.phone })
  return !parsed.success || parsed.output.firstName !== row.first_name || parsed.output.email !== row.email
})
// A stored source is one its own cleaning keeps as it is, with a channel the list knows.
const badSources = rows.filter((row) => {
  const stored = {
    tags: (row.source_tags ?? {}) as Record<string, string>,
    ...(row.landing_path ? { landingPath: row.landing_path } : {}),
    ...(row.referrer_host ? { referrerHost: row.referrer_host } : {}),
  }
  return !isDeepStrictEqual(cleanVisitSource(stored), stored) || !LEAD_CHANNELS.includes(row.source_channel!)
})
const storedNames = new Set(rows.map((row) => row.first_name))
const lost = forgedLeads.filter((lead) => !storedNames.has(lead.name))
// The log is JSON lines (parseLogLines throws on one that is not), and what a visitor sent is never in it (decision
// 020); the owner's e-mails have no header a forged value made.
const logLines = parseLogLines(server.stdout()).map((record) => JSON.stringify(record))
const badLogLines = logLines.filter((line) => line.includes(MARK))
const mails = mailTexts(server.dataDir)
const injectedMails = mails.filter((mail) => /^(Bcc|X-Injected):/im.test(mail))

const serverErrors = [...counts].filter(([key]) => / (5\d\d|no answer)/.test(key)).reduce((sum, [, n]) => sum + n, 0)

const answers = [...counts].sort().map(([key, n]) => ({ answer: key, requests: n }))
report('fuzz', answers)
console.log(
  `\nseed ${seed}: ${TOTAL} payloads, ${serverErrors} answered 5xx or not at all; ${rows.length} rows stored, ${invalid.length} invalid`,
)
console.log(
  `forged visit sources: ${forgedLeads.length - lost.length} of ${forgedLeads.length} valid leads stored; ` +
    `${badSources.length} stored sources not clean; ${headersWithMark.length} response headers, ` +
    `${badLogLines.length} of ${logLines.length} log lines and ${injectedMails.length} of ${mails.length} e-mails with a forged value`,
)
for (const line of [...lost.map((lead) => `lost ${lead.name}`), ...headersWithMark, ...badLogLines].slice(0, 10))
  console.log(`  ${line.slice(0, 200)}`)
const failed = [invalid, lost, badSources, headersWithMark, badLogLines, injectedMails].some((list) => list.length > 0)
if (serverErrors > 0 || failed) process.exit(1)
