// Shared by the bench scripts: the production server, Chromium, route kinds, result files and tables.
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { chromium } from '@playwright/test'
import { routeKinds } from '../../tests/support/route-kinds'
import { startSiteProcess } from '../../tests/support/site-process'
import { chromiumFlags, ensureChromium } from '../../tests/support/system-deps'

export const outputDir = process.env.BUILD_OUTPUT_DIR ?? '.output'

export { chromiumFlags, routeKinds }

export function chromiumPath() {
  return ensureChromium()
}

/** The production build (`npm run build` first) on a free port with its own data folder, once `/` is rendered. */
export async function startProductionServer(env: Record<string, string> = {}, onceListening = false) {
  const entry = join(outputDir, 'server/index.mjs')
  if (!existsSync(entry)) throw new Error(`No production build at ${entry}: run \`npm run build\` first.`)
  // e.g. BENCH_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' to profile the server under a bench.
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []
  const site = await startSiteProcess(env, { outputDir, nodeArgs, onceListening })
  return { ...site, log: site.output }
}

/** The token the contact page's form was rendered with (the no-JavaScript form posts it the same way). */
export async function contactFormToken(siteUrl: string): Promise<string> {
  const token = (await (await fetch(`${siteUrl}/contact`)).text()).match(/name="formToken" value="([^"]+)"/)?.[1]
  if (!token) throw new Error('the contact page has no form token')
  return token
}

/** Writes results to bench-results/<name>.json and prints them as a table. */
export function report(name: string, rows: Record<string, unknown>[], columns: string[]) {
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

/** wrk's output; asynchronous, so the server's log pipe keeps draining while it runs. */
export function runWrk(args: string[], env: Record<string, string> = {}, command = 'wrk'): Promise<string> {
  const child = spawn(command, args, { env: { ...process.env, ...env } })
  let out = ''
  child.stdout.on('data', (chunk) => (out += chunk))
  child.stderr.on('data', (chunk) => process.stderr.write(chunk))
  return new Promise((resolve, reject) =>
    child.on('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`wrk failed (${code}):\n${out}`)))),
  )
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

/** The quote server function's URL, taken from a real submission of the contact page's form. */
export async function findQuoteFunctionUrl(siteUrl: string) {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumFlags })
  try {
    const page = await browser.newPage()
    await page.goto(`${siteUrl}/contact`)
    // Before hydration the button would submit the form without JavaScript, and no server function call would come.
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached', timeout: 15_000 })
    const form = page.locator('.quote-request-form').first()
    await form.getByLabel('First Name').fill('Probe')
    await form.getByLabel('Email').fill('probe@example.com')
    await form.getByLabel('Phone').fill('916-555-0100')
    const url = new Promise<string>((resolve) => {
      void page.route('**/_serverFn/**', async (route) => {
        // The form also fetches its token through a server function; only the submission carries the fields.
        if (!route.request().postData()?.includes('probe@example.com')) return route.continue()
        resolve(route.request().url())
        await route.abort()
      })
    })
    await form.getByRole('button', { name: 'Get My Free Quote' }).click()
    return await url
  } finally {
    await browser.close()
  }
}
