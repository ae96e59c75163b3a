// npm run bench:leads — `wrk` replays genuine quote submissions: three runs on 64 kept-alive connections,
// then one with a new connection per request; the owner's SMTP server is down for the first 5 s.
// Reports rate and latency per run, then checks every lead was stored once and e-mailed once.
// BENCH_LEADS_DATABASE=postgres runs the site on a throwaway PostgreSQL 15 cluster instead of PGlite;
// BENCH_LEADS_PINNED=1 keeps the server alone on core 0 and wrk on core 1. BENCH_LEADS_GROW=10000 first puts
// that many leads of the past days into the table, as the site leaves them, in one statement per table.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { toJSONAsync } from 'seroval'
import { sql } from 'kysely'
import { SMTPServer } from 'smtp-server'
import { text } from 'node:stream/consumers'
import { startPostgres } from '../../tests/support/postgres'
import { openSiteDatabase } from '../../tests/support/site-process'
import type { Database } from '../../app/platform/db/database.server'
import { ensureCommand } from '../../tests/support/system-deps'
import { freshDatabaseUrl } from '../../tests/support/test-database'
import { freePort } from '../../tests/support/free-port'
import { contactFormToken, failIfAny, quoteFunctionUrl, report, runWrk } from './common'
import { startProductionServer, until } from './common'

const SECONDS = Number(process.env.BENCH_LEADS_SECONDS ?? 10)
const CONNECTIONS = Number(process.env.BENCH_LEADS_CONNECTIONS ?? 64)
// k: kept-alive connections; c: a new connection per request.
const RUNS = (process.env.BENCH_LEADS_RUNS ?? 'k,k,k,c').split(',')
const SMTP_DOWN_MS = Number(process.env.BENCH_LEADS_SMTP_DOWN_MS ?? 5_000)
const DRAIN_TIMEOUT_MS = 300_000
const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }))
// On shared cores the scheduler moved identical runs by up to 50%; pinned, by up to 11% (docs/performance.md).
const PINNED = process.env.BENCH_LEADS_PINNED === '1'
const GROW = Number(process.env.BENCH_LEADS_GROW ?? 0)

ensureCommand('wrk', 'wrk')
if (PINNED) ensureCommand('taskset', 'util-linux')

const received: string[] = []
const smtpPort = await freePort()
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    void text(stream).then((mail) => callback(null, void received.push(mail)))
  },
})

const cluster = process.env.BENCH_LEADS_DATABASE === 'postgres' ? await startPostgres() : undefined
const databaseUrl = cluster && (await freshDatabaseUrl(cluster.adminUrl))!
const databaseEnv: Record<string, string> = databaseUrl ? { DATABASE_URL: databaseUrl } : {}

/** The lead and outbox tables as the build under test names them: `7e8610f`'s are quote_requests and quote_outbox. */
async function tablesOf(db: Database) {
  const { rows } = await sql<{ old: boolean }>`SELECT to_regclass('public.leads') IS NULL AS old`.execute(db)
  return rows[0]!.old
    ? { leads: 'quote_requests', outbox: 'quote_outbox', lead: 'quote_request_id', template: 'kind', channel: false }
    : { leads: 'leads', outbox: 'outbox', lead: 'lead_id', template: 'template', channel: true }
}

// A lead a minute up to now, each e-mailed (claimed, then marked sent), handled, and its visitor's hit expired and
// deleted, in one statement per table.
const growSql = ({ leads, outbox, lead, template, channel }: Awaited<ReturnType<typeof tablesOf>>) => `
INSERT INTO public.${leads} (first_name, email, phone, idempotency_key, source_page, ip_hash, status, created_at)
  SELECT 'Grown' || i, 'grown' || i || '@example.com', '916-555-0100', 'grown-lead-' || i, '/contact',
         md5(i::text) || md5('visitor' || i), 'archived', now() - (${GROW} - i) * interval '1 minute'
    FROM generate_series(1, ${GROW}) i;
INSERT INTO public.${outbox} (${lead}, ${template}${channel ? ', channel' : ''}, created_at, next_attempt_at)
  SELECT l.id, t.template${channel ? ', t.channel' : ''}, l.created_at, l.created_at
    FROM public.${leads} l, (VALUES ('owner_notification', 'owner_mail'), ('customer_acknowledgement', 'customer_mail'))
         AS t (template, channel);
UPDATE public.${outbox} SET attempts = 1, claimed_by = 'grown', next_attempt_at = next_attempt_at + interval '2 minutes';
UPDATE public.${outbox} SET sent_at = created_at, claimed_by = NULL, payload = NULL;
INSERT INTO public.rate_limit_hits (bucket, key, hit_at) SELECT 'quote', ip_hash, created_at FROM public.${leads};
DELETE FROM public.rate_limit_hits;`

/** A data folder (or database) migrated by the build under test, then grown by GROW leads. */
async function grownData(): Promise<Record<string, string>> {
  const site = await startProductionServer(databaseEnv)
  await site.stop()
  const db = await openSiteDatabase(site, { migrate: false })
  await sql.raw(growSql(await tablesOf(db))).execute(db)
  await db.close()
  return { DATA_DIR: site.dataDir }
}

const server = await startProductionServer({
  ...databaseEnv,
  ...(GROW > 0 ? await grownData() : {}),
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  // Each lead comes from its own visitor (quote-burst.lua), so the per-visitor limit counts as it does live.
  TRUST_PROXY: 'loopback',
  // The leads are sent at once; they still carry a signed form token.
  QUOTE_MIN_FILL_MS: '0',
})
if (PINNED) execFileSync('taskset', ['-a', '-p', '1', String(server.pid)])
const functionUrl = quoteFunctionUrl(server.url)
const formToken = await contactFormToken(server.url)
// What the quote form sends; the wrk script fills in a name and an idempotency key per lead.
const lead = { firstName: 'LEADNAME', email: 'burst@example.com', phone: '916-555-0142', company: '' }
const body = JSON.stringify(
  await toJSONAsync({ data: { ...lead, formToken, idempotencyKey: 'IDEMKEY', sourcePage: '/contact' } }),
)

type WrkSummary = Record<'requests' | 'acks' | 'distinct' | 'errors' | 'p50' | 'p99' | 'max' | 'us', number>

async function wrk(prefix: string, newConnectionEach: boolean): Promise<WrkSummary> {
  const args = ['-t2', `-c${CONNECTIONS}`, `-d${SECONDS}s`, '--timeout', '60s', '-s', 'scripts/bench/quote-burst.lua']
  const close = newConnectionEach ? '1' : '0'
  const env = { BURST_BODY: body, BURST_ORIGIN: server.url, BURST_PREFIX: prefix, BURST_CLOSE: close }
  const out = await runWrk([...args, functionUrl], { env, pinned: PINNED })
  const line = out.split('\n').find((l) => l.startsWith('{'))
  if (!line) throw new Error(`wrk printed no summary:\n${out}`)
  return JSON.parse(line) as WrkSummary
}

/** The server's CPU time so far, in ms: how much work the leads took, whatever else the machine was doing. */
function serverCpuMs(): number {
  const fields = readFileSync(`/proc/${server.pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS
}
const cpuAtStart = serverCpuMs()

setTimeout(() => smtp.listen(smtpPort, '127.0.0.1'), SMTP_DOWN_MS)
const runs: (WrkSummary & { prefix: string; mode: string; cpuMs: number })[] = []
for (const [i, mode] of RUNS.entries()) {
  const prefix = `Burst${i + 1}`
  const cpuBefore = serverCpuMs()
  const run = await wrk(prefix, mode === 'c')
  runs.push({ ...run, prefix, mode, cpuMs: serverCpuMs() - cpuBefore })
}

const emailedNames = () => received.map((mail) => mail.match(/Burst\d+t\d+n\d+/)?.[0]).filter(Boolean)
const storedCount = () =>
  server
    .output()
    .split('\n')
    .filter((l) => l.includes('"lead stored"') && l.includes('"duplicate":false')).length
const drainStarted = Date.now()
// Every stored lead is e-mailed once SMTP has been back for a while (the outbox's backoff).
const drained = () => new Set(emailedNames()).size >= storedCount()
await until('every stored lead e-mailed', drained, DRAIN_TIMEOUT_MS).catch(() => {})
const drainMs = Date.now() - drainStarted
const cpuMs = serverCpuMs() - cpuAtStart
await server.stop()
await new Promise<void>((resolve) => smtp.close(() => resolve()))

// Not migrated: the server may be an older build (BUILD_OUTPUT_DIR) whose migrations are not this one's.
const database = await openSiteDatabase(server, { migrate: false })
const leadsTable = sql.table((await tablesOf(database)).leads)
const { rows } = await sql<{ first_name: string }>`SELECT first_name FROM ${leadsTable}`.execute(database)
await database.close()
await cluster?.stop()
const stored = rows.map((row) => row.first_name).filter((name) => name.startsWith('Burst'))
const emailed = emailedNames()

const table = runs.map((run) => {
  const storedHere = stored.filter((name) => name.startsWith(`${run.prefix}t`)).length
  return {
    run: run.prefix.replace('Burst', ''),
    connections: `${CONNECTIONS} ${run.mode === 'c' ? 'new per request' : 'kept alive'}`,
    'req/s': Math.round(run.requests / (run.us / 1e6)),
    'p50 ms': Math.round(run.p50 / 1000),
    'p99 ms': Math.round(run.p99 / 1000),
    'max ms': Math.round(run.max / 1000),
    // What the burst cost the server, whatever else the machine was doing (the outbox's work during it included).
    'server cpu ms/req': Math.round((run.cpuMs / Math.max(1, run.requests)) * 100) / 100,
    acknowledged: run.acks,
    'not 200': run.requests - run.acks,
    'socket errors': run.errors,
    'leads sent': run.distinct,
    stored: storedHere,
  }
})
report('leads', table)
const duplicateRows = stored.length - new Set(stored).size
const duplicateEmails = emailed.length - new Set(emailed).size
const notEmailed = new Set(stored).size - new Set(emailed).size
// Requests still in flight when wrk stops are never answered; at most one per connection may be unstored.
const unstored = table.map((row) => row['leads sent'] - row.stored)
// Stored and e-mailed, from the first request to the last e-mail.
const cpuMsPerLead = Math.round((cpuMs / Math.max(1, stored.length)) * 100) / 100
console.log({ duplicateRows, duplicateEmails, notEmailed, unstored, drainMs, smtpDownMs: SMTP_DOWN_MS, cpuMsPerLead })
const failed = Object.entries({
  'duplicate rows': duplicateRows,
  'duplicate e-mails': duplicateEmails,
  'not e-mailed': notEmailed,
  'not 200': table.reduce((sum, row) => sum + row['not 200'], 0),
  'runs with more unstored than connections': unstored.filter((n) => n < 0 || n > CONNECTIONS).length,
}).filter(([, count]) => count > 0)
failIfAny(
  failed.map(([what, count]) => `${count} ${what}`),
  'bench:leads failed',
)
