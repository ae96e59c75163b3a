// Shared by the bench scripts: the production server, Chromium, route kinds, result files and tables.
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium } from '@playwright/test'
import { freePort } from '../../tests/support/free-port'
import { routeKinds } from '../../tests/support/route-kinds'
import { chromiumFlags, ensureChromium } from '../../tests/support/system-deps'

export const outputDir = process.env.BUILD_OUTPUT_DIR ?? '.output'

export { chromiumFlags, routeKinds }

export function chromiumPath() {
  return ensureChromium()
}

/** Starts the production build (`npm run build` first) on a free port with its own data folder. */
export async function startProductionServer(env: Record<string, string> = {}) {
  const entry = join(outputDir, 'server/index.mjs')
  if (!existsSync(entry)) throw new Error(`No production build at ${entry}: run \`npm run build\` first.`)
  const port = await freePort()
  const dataDir = env.DATA_DIR ?? mkdtempSync(join(tmpdir(), 'bench-data-'))
  let log = ''
  const child = spawn(process.execPath, [entry], {
    env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout.on('data', (chunk) => (log += chunk))
  child.stderr.on('data', (chunk) => (log += chunk))
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 30_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${log}`)
    try {
      if ((await fetch(`${url}/robots.txt`)).ok) break
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${log}`)
    await new Promise((r) => setTimeout(r, 150))
  }
  return {
    url,
    port,
    dataDir,
    log: () => log,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
        setTimeout(() => child.kill('SIGKILL'), 5_000).unref()
      }),
  }
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
