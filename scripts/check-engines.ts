// npm run check:engines: the quote form, its refusal beside the field and the photo step in Firefox (puppeteer-core
// over WebDriver BiDi) and WebKitGTK (WebKitWebDriver under xvfb-run), the engines Playwright's Chromium does not
// cover. Starts the production build (npm run build first); prints one line per engine and check; exits 1 on a miss.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import puppeteer, { type ElementHandle } from 'puppeteer-core'
import sharp from 'sharp'
import { startProductionServer } from './bench/common'

interface Engine {
  name: string
  open(url: string): Promise<void>
  type(selector: string, text: string): Promise<void>
  click(selector: string): Promise<void>
  upload(selector: string, file: string): Promise<void>
  text(selector: string): Promise<string>
  value(selector: string): Promise<string>
  exists(selector: string): Promise<boolean>
  close(): Promise<void>
}

async function firefox(): Promise<Engine> {
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr',
    headless: true,
  })
  const page = await browser.newPage()
  return {
    name: `Firefox ${(await browser.version()).replace(/^firefox\//, '')}`,
    open: async (url) => void (await page.goto(url, { waitUntil: 'load' })),
    type: async (selector, text) => (await page.waitForSelector(selector))!.type(text),
    click: async (selector) => (await page.waitForSelector(selector))!.click(),
    upload: async (selector, file) => {
      const input = (await page.waitForSelector(selector)) as ElementHandle<HTMLInputElement>
      await input.uploadFile(file)
    },
    text: (selector) => page.$eval(selector, (node) => node.textContent ?? '').catch(() => ''),
    value: (selector) => page.$eval(selector, (node) => (node as HTMLInputElement).value).catch(() => ''),
    exists: async (selector) => (await page.$(selector)) !== null,
    close: () => browser.close(),
  }
}

/** A W3C WebDriver session on WebKitWebDriver: the few commands this check needs. */
async function webkit(): Promise<Engine> {
  const port = 4444 + Math.floor(Math.random() * 500)
  const driver = spawn('xvfb-run', ['-a', 'WebKitWebDriver', `--port=${port}`], { stdio: 'ignore', detached: true })
  const base = `http://127.0.0.1:${port}`
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const json = (await response.json()) as { value: unknown }
    if (!response.ok) throw new Error(`${method} ${path}: ${JSON.stringify(json.value)}`)
    return json.value
  }
  let session = ''
  for (let i = 0; i < 50 && !session; i++) {
    try {
      const created = (await call('POST', '/session', {
        capabilities: { alwaysMatch: { 'webkitgtk:browserOptions': { args: ['--automation'] } } },
      })) as { sessionId: string; capabilities: { browserVersion?: string } }
      session = created.sessionId
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
  }
  if (!session) throw new Error('WebKitWebDriver did not start')
  const s = `/session/${session}`
  await call('POST', `${s}/window/rect`, { width: 1280, height: 900 }).catch(() => {})
  const find = async (selector: string) => {
    for (let i = 0; i < 50; i++) {
      try {
        const found = (await call('POST', `${s}/element`, { using: 'css selector', value: selector })) as Record<
          string,
          string
        >
        return Object.values(found)[0]!
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
    }
    throw new Error(`no ${selector}`)
  }
  const script = (source: string, selector: string) =>
    call('POST', `${s}/execute/sync`, { script: source, args: [selector] }) as Promise<string>
  return {
    name: 'WebKitGTK',
    open: async (url) => void (await call('POST', `${s}/url`, { url })),
    type: async (selector, text) => void (await call('POST', `${s}/element/${await find(selector)}/value`, { text })),
    click: async (selector) => {
      const element = await find(selector)
      // WebDriver scrolls a target only to the viewport's edge, where the fixed chat button can cover it.
      await script('document.querySelector(arguments[0]).scrollIntoView({ block: "center" })', selector)
      await call('POST', `${s}/element/${element}/click`, {})
    },
    upload: async (selector, file) =>
      void (await call('POST', `${s}/element/${await find(selector)}/value`, { text: file })),
    text: (selector) => script('return document.querySelector(arguments[0])?.textContent ?? ""', selector),
    value: (selector) => script('return document.querySelector(arguments[0])?.value ?? ""', selector),
    exists: async (selector) =>
      (await call('POST', `${s}/execute/sync`, {
        script: 'return !!document.querySelector(arguments[0])',
        args: [selector],
      })) === true,
    close: async () => {
      await call('DELETE', s).catch(() => {})
      try {
        process.kill(-driver.pid!)
      } catch {
        // already gone
      }
    },
  }
}

async function until(what: string, check: () => Promise<boolean>, ms = 15_000) {
  const end = Date.now() + ms
  while (Date.now() < end) {
    if (await check()) return
    await new Promise((resolve) => setTimeout(resolve, 150))
  }
  throw new Error(`timed out: ${what}`)
}

const form = '.quote-request-form form'
const field = (name: string) => `${form} [name="${name}"]`

async function checkEngine(make: () => Promise<Engine>, url: string, photo: string): Promise<boolean> {
  let engine: Engine | undefined
  const results: string[] = []
  let ok = true
  const check = async (label: string, run: () => Promise<void>) => {
    try {
      await run()
      results.push(`  ✔ ${label}`)
    } catch (error) {
      ok = false
      results.push(`  ✖ ${label}: ${error instanceof Error ? error.message : String(error)}`)
    }
  }
  try {
    engine = await make()
    const e = engine
    await check('the form becomes interactive', async () => {
      await e.open(`${url}/contact`)
      await until('data-interactive', () => e.exists(`${form}[data-interactive="true"]`))
    })
    await check('a mistyped e-mail is refused beside its field, nothing typed is lost', async () => {
      await e.type(field('firstName'), 'Rosa')
      await e.type(field('email'), 'rosa@')
      await e.type(field('phone'), '916-555-0142')
      await e.type(field('street'), '12 Oak St')
      await e.type(field('zip'), '95630')
      await e.click(`${form} input[name="preferredTime"][value="afternoon"]`)
      await e.click(`${form} button[type="submit"]`)
      await until(
        'the e-mail message',
        async () => (await e.text(`${form} [id$="-email-error"]`)) === 'Invalid email address',
      )
      if ((await e.value(field('firstName'))) !== 'Rosa') throw new Error('first name lost')
      if ((await e.value(field('street'))) !== '12 Oak St') throw new Error('street lost')
    })
    await check('corrected, it is stored and the photo step sends a photo', async () => {
      await e.type(field('email'), 'example.com')
      // The form times a fill from its first touch: wait past QUOTE_MIN_FILL_MS of this server.
      await new Promise((resolve) => setTimeout(resolve, 1_200))
      await e.click(`${form} button[type="submit"]`)
      await until('the photo input', () => e.exists('.quote-request-form input[type="file"]'))
      await e.upload('.quote-request-form input[type="file"]', photo)
      await until('chosen', async () => /chosen/.test(await e.text('.quote-request-form [role="status"]')))
      await e.click('.quote-request-form button[type="button"]')
      await until(
        'added',
        async () => /^1 photo added\./.test(await e.text('.quote-request-form [role="status"]')),
        30_000,
      )
    })
  } catch (error) {
    ok = false
    results.push(`  ✖ could not start: ${error instanceof Error ? error.message : String(error)}`)
  } finally {
    await engine?.close().catch(() => {})
  }
  console.log(`${engine?.name ?? make.name}\n${results.join('\n')}`)
  return ok
}

const dir = mkdtempSync(join(tmpdir(), 'engines-'))
const photo = join(dir, 'driveway.jpg')
writeFileSync(
  photo,
  await sharp({ create: { width: 2000, height: 1500, channels: 3, background: '#708090' } })
    .jpeg()
    .toBuffer(),
)
const server = await startProductionServer({ QUOTE_MIN_FILL_MS: '1000' })
let passed = true
try {
  for (const engine of [firefox, webkit]) passed = (await checkEngine(engine, server.url, photo)) && passed
} finally {
  await server.stop()
  rmSync(dir, { recursive: true, force: true })
}
process.exit(passed ? 0 : 1)
