// Shared by the bench scripts, the audits and the checks: the production server, Chromium, the contact form, the
// outbox's e-mails, result files and tables.
import { execFile } from 'node:child_process'
import { createServer, request as forward } from 'node:http'
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { setTimeout as sleep } from 'node:timers/promises'
import { promisify } from 'node:util'
import { chromium } from '@playwright/test'
import { simpleParser } from 'mailparser'
import { postPlainLead, renderedFormToken } from '../../e2e/support/lead-form'
import { builtServerFunctions } from '../../tests/support/server-functions'
import { SITE_ENTRY, startSiteProcess } from '../../tests/support/site-process'
import { startStripeStandIn, stripeEnv } from '../../tests/support/stripe-stand-in'
import { chromiumFlags, ensureChromium } from '../../tests/support/system-deps'

export { routeKinds } from '../../tests/support/route-kinds'

/** The production build (`npm run build` first) on a free port with its own data folder, once `/` is rendered. */
export async function startProductionServer(env: Record<string, string> = {}, onceListening = false) {
  if (!existsSync(SITE_ENTRY)) throw new Error(`No production build at ${SITE_ENTRY}: run \`npm run build\` first.`)
  // e.g. BENCH_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' to profile the server under a bench.
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []
  return startSiteProcess(env, { nodeArgs, onceListening })
}

/** The same, paying through a new Stripe stand-in that sends it its events; stop() ends both. */
export async function startPayingServer(env: Record<string, string> = {}) {
  const stripe = await startStripeStandIn()
  const server = await startProductionServer({ ...stripeEnv(stripe), ...env })
  stripe.webhookUrl = `${server.url}/stripe/webhook`
  const stopServer = server.stop
  return Object.assign(server, { stripe, stop: () => stopServer().then(() => stripe.close()) })
}

export const launchChromium = () => chromium.launch({ executablePath: ensureChromium(), args: chromiumFlags })

/** `check`'s first value other than undefined, false or '', asked every 100 ms. */
export async function until<T>(what: string, check: () => T | Promise<T>, ms = 15_000) {
  for (const end = Date.now() + ms; Date.now() < end; await sleep(100)) {
    const value = await check()
    if (value !== undefined && value !== false && value !== '') return value as Exclude<T, undefined | false | ''>
  }
  throw new Error(`timed out after ${ms} ms: ${what}`)
}

/** The token the contact page's form was rendered with (the no-JavaScript form posts it the same way). */
export const contactFormToken = (siteUrl: string) => renderedFormToken(`${siteUrl}/contact`)

/** A lead sent by the no-JavaScript form; throws unless it was stored. Its photo token, '' if none came. */
export async function postLeadForm(siteUrl: string, fields: Record<string, string>): Promise<string> {
  const response = await postPlainLead(siteUrl, { phone: '9165550101', sourcePage: '/contact', ...fields })
  const location = response.headers.get('location')
  if (response.status !== 303 || !location?.includes('status=sent'))
    throw new Error(`lead not stored: ${response.status} ${location}`)
  // The result page's photo token comes in a cookie, never the address (decision 060).
  return response.headers.get('set-cookie')?.match(/^(?:__Secure-)?photo_token=([^;]+)/)?.[1] ?? ''
}

/** The plain form's photo upload: the token as the first part (what every build reads), then the photos. */
export function postPhotos(siteUrl: string, token: string, photos: Blob[], headers: Record<string, string> = {}) {
  const form = new FormData()
  form.set('token', token)
  for (const [i, photo] of photos.entries()) form.append('photos', photo, `IMG_${i}`)
  return fetch(`${siteUrl}/quote-photos`, {
    method: 'POST',
    body: form,
    headers: { Origin: siteUrl, Accept: 'application/json', ...headers },
  })
}

/** Runs `task(0)` to `task(total - 1)`, `concurrency` at a time. */
export const inParallel = (total: number, concurrency: number, task: (i: number) => Promise<void>) =>
  Readable.from(Array.from({ length: total }, (_, i) => i)).forEach(task, { concurrency })

/** A process's resident memory (VmRSS), in MB. */
export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  return Math.round(Number(status.match(/^VmRSS:\s+(\d+) kB/m)?.[1]) / 1024)
}

/** What `work` returned; the process's resident memory (MB) before it, at its peak while it ran (read every
 * `everyMs`), and `settleMs` after it. */
export async function rssAround<T>(pid: number, everyMs: number, work: () => Promise<T>, settleMs = 0) {
  const before = rssMb(pid)
  let peak = before
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), everyMs)
  const result = await work().finally(() => clearInterval(sampler))
  await sleep(settleMs)
  const after = rssMb(pid)
  return { result, before, peakMb: Math.max(peak, after), after }
}

/**
 * The newest e-mail in the outbox (no SMTP_URL: .eml files) holding `pattern`, as a link to this server; '' if
 * none, or if it is still `not`. Newest by the file's time: the names are random, so their order says nothing.
 */
export async function newestMailLink(
  site: { url: string; dataDir: string },
  pattern: RegExp,
  { to, not }: { to?: string; not?: string } = {},
) {
  const dir = join(site.dataDir, 'outbox-mail')
  const files = existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith('.eml')) : []
  const byTime = files.map((name) => join(dir, name)).sort((a, b) => statSync(a).mtimeMs - statSync(b).mtimeMs)
  const mails = await Promise.all(byTime.map((path) => simpleParser(readFileSync(path))))
  const found = mails
    .filter((mail) => to === undefined || (mail.to && 'text' in mail.to && mail.to.text === to))
    .map((mail) => mail.text?.match(pattern)?.[0])
    .filter(Boolean)
  const link = found.length ? `${site.url}${found.at(-1)}` : ''
  return link === not ? '' : link
}

export const SIGN_IN_LINK = /\/owner\/sign-in\?token=[A-Za-z0-9_-]+/

/** Writes results to bench-results/<name>.json and prints them as a table (all their columns unless given). */
export function report(name: string, rows: Record<string, unknown>[], columns = Object.keys(rows[0] ?? {})) {
  mkdirSync('bench-results', { recursive: true })
  const file = join('bench-results', `${name}.json`)
  writeFileSync(file, JSON.stringify({ measuredAt: new Date().toISOString(), node: process.version, rows }, null, 2))
  const widths = columns.map((c) => Math.max(c.length, ...rows.map((r) => String(r[c] ?? '').length)))
  const line = (cells: unknown[]) => `| ${cells.map((cell, i) => String(cell ?? '').padEnd(widths[i]!)).join(' | ')} |`
  console.log(line(columns))
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`)
  for (const row of rows) console.log(line(columns.map((c) => row[c])))
  console.log(`\n(written to ${file})`)
}

/**
 * A pass-through to `upstream` on a free port of 127.0.0.1: `own` answers a path itself when it returns a body
 * (gzip HTML); `errors` lists the upstream's 5xx answers and what could not reach it.
 */
export async function passThrough(upstream: string, own: (path: string) => Buffer | undefined = () => undefined) {
  const errors: string[] = []
  const proxy = createServer((incoming, outgoing) => {
    const body = own(incoming.url ?? '')
    if (body) {
      outgoing.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Encoding': 'gzip' })
      return void outgoing.end(body)
    }
    const request = forward(upstream + incoming.url, { method: incoming.method, headers: incoming.headers })
    request.on('response', (answer) => {
      if ((answer.statusCode ?? 502) >= 500) errors.push(`${answer.statusCode} ${incoming.method} ${incoming.url}`)
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers)
      answer.pipe(outgoing)
    })
    request.on('error', (error) => {
      errors.push(`unreachable ${incoming.url}: ${error.message}`)
      outgoing.destroy()
    })
    incoming.pipe(request)
  })
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
  const host = `127.0.0.1:${(proxy.address() as { port: number }).port}`
  const close = () => new Promise((resolve) => (proxy.closeAllConnections(), proxy.close(resolve)))
  return { host, errors, close }
}

/** Prints the failures and exits 1 when there are any. */
export function failIfAny(failures: string[], heading = 'Over budget') {
  if (failures.length === 0) return
  console.error(`\n${heading}:\n${failures.join('\n')}`)
  process.exit(1)
}

/** wrk's output; asynchronous, so the server's log pipe keeps draining while it runs. `pinned`: alone on core 1. */
export async function runWrk(args: string[], { env = {}, pinned = false } = {}) {
  const [command, ...rest] = pinned ? ['taskset', '-c', '1', 'wrk', ...args] : ['wrk', ...args]
  const running = promisify(execFile)(command!, rest, { env: { ...process.env, ...env } })
  running.child.stderr?.pipe(process.stderr)
  return (await running).stdout
}

/** The rate in wrk's report. */
export function requestsPerSecond(wrkOutput: string): number {
  return Number(wrkOutput.match(/Requests\/sec:\s+([\d.]+)/)?.[1])
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

/** The lead form's server function, by its id in the build (`submitQuoteRequest` in builds before `21c41b0`). */
export function quoteFunctionUrl(siteUrl: string) {
  const functions = builtServerFunctions()
  const id = functions.get('submitLead') ?? functions.get('submitQuoteRequest')
  if (!id) throw new Error(`no lead server function in ${SITE_ENTRY}`)
  return `${siteUrl}/_serverFn/${id}`
}
