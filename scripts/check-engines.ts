// npm run check:engines: in Firefox (puppeteer-core over WebDriver BiDi) and WebKitGTK (WebKitWebDriver under
// xvfb-run), the engines Playwright's Chromium does not cover: the quote form, its refusal beside the field, the photo
// step, the owner's sign-in and posting of work, and a quote he writes that the customer accepts with an option
// (lead won at that total). Starts the production build (npm run build first) once per engine; prints one line per
// engine and check; exits 1 on a miss.
import { execFile, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { simpleParser } from 'mailparser'
import puppeteer, { type ElementHandle } from 'puppeteer-core'
import sharp from 'sharp'
import { WORK_TEXTS } from '../app/lib/posted-work/posted-work-form'
import { QUOTE_FORM_FIELDS as QF } from '../app/lib/quotes/quote'
import { OWNER_QUOTE_TEXTS, QUOTE_PAGE_TEXTS } from '../app/lib/quotes/quote-texts'
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
    // A query racing a navigation (the sign-in's redirect) fails with "no such node": not there yet.
    exists: async (selector) => (await page.$(selector).catch(() => null)) !== null,
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
const workForm = 'main form[aria-labelledby]'
const OWNER = 'owner@example.com'

/**
 * The path the newest e-mail in the outbox (no SMTP_URL: .eml files) holds matching `pattern`, pointed at this
 * server. Newest by the file's time: the names are random, so their order says nothing.
 */
async function newestMailLink(site: Site, pattern: RegExp, to?: string): Promise<string> {
  const dir = join(site.dataDir, 'outbox-mail')
  let files: string[] = []
  try {
    files = readdirSync(dir).filter((name) => name.endsWith('.eml'))
  } catch {
    return ''
  }
  const byTime = files
    .map((name) => ({ path: join(dir, name), time: statSync(join(dir, name)).mtimeMs }))
    .sort((a, b) => a.time - b.time)
  const mails = await Promise.all(byTime.map(async ({ path }) => simpleParser(readFileSync(path))))
  const found = mails
    .filter((mail) => to === undefined || (mail.to && 'text' in mail.to && mail.to.text === to))
    .map((mail) => mail.text?.match(pattern)?.[0])
    .filter(Boolean)
  return found.length ? `${site.url}${found.at(-1)}` : ''
}

const signInLink = (site: Site) => newestMailLink(site, /\/owner\/sign-in\?token=[A-Za-z0-9_-]+/)
const QUOTE_LINK = /\/quote\/[A-Za-z0-9_-]{32}\b/

interface StoredLead {
  id: string
  status: string
  job_value: string | null
  first_name: string
  email: string
  service_street: string | null
  service_zip: string | null
}

/** The leads as the owner's command reads them from the site's data (`npm run leads -- --json`). */
function storedLeads(site: Site): Promise<StoredLead[]> {
  const env = {
    ...process.env,
    DATA_DIR: site.dataDir,
    ...(site.databaseUrl ? { DATABASE_URL: site.databaseUrl } : {}),
  }
  return new Promise((resolve, reject) =>
    execFile('npm', ['run', '--silent', 'leads', '--', '--json'], { env }, (error, stdout, stderr) =>
      error ? reject(new Error(`npm run leads: ${stderr || error.message}`)) : resolve(JSON.parse(stdout)),
    ),
  )
}

interface Site {
  url: string
  dataDir: string
  databaseUrl?: string
}

// The quote check (decision 053): the owner writes it in his editor, the customer accepts it from the e-mail.
const QUOTE_ITEMS = [
  { description: 'Driveway cleaning', price: '250', optional: false },
  { description: 'Walkway and steps', price: '120.50', optional: false },
  { description: 'Seal the driveway', price: '400', optional: true },
]
const CUSTOMER = 'rosa@example.com'

async function acceptQuote(e: Engine, site: Site) {
  // The lead the form stored above (leads come newest first).
  const lead = (await storedLeads(site)).find((each) => each.first_name === 'Rosa')
  if (!lead) throw new Error('no lead to quote')
  const seen = await newestMailLink(site, QUOTE_LINK, CUSTOMER)
  await e.open(`${site.url}/owner?view=quote&lead=${lead.id}`)
  // The editor's form, not the sign-out form above it.
  const editor = 'main section[aria-labelledby] > form'
  await until('the editor', () => e.exists(`${editor} button[type="submit"]:not([disabled])`))
  for (const [index, item] of QUOTE_ITEMS.entries()) {
    // "Add item" is the form's own button; the price list's sit in a fieldset, "Remove" in each item.
    await e.click(`${editor} > button[type="button"]`)
    const row = `main ol[aria-label="Items"] > li:nth-child(${index + 1})`
    await e.type(`${row} input[id$="-d"]`, item.description)
    await e.type(`${row} input[id$="-p"]`, item.price)
    if (item.optional) await e.click(`${row} input[type="checkbox"]`)
  }
  const editorTotal = OWNER_QUOTE_TEXTS.totalRequired(37050)
  await until(editorTotal, async () => (await e.text(`${editor} [aria-live="polite"]`)).includes(editorTotal))
  await e.click(`${editor} button[type="submit"]`)
  await until('sent', async () => (await e.text('main')).includes(OWNER_QUOTE_TEXTS.sentNow)).catch(async (error) => {
    throw new Error(`${error.message}: ${await e.text('main')}`)
  })
  let link = ''
  await until('the quote mail', async () => ((link = await newestMailLink(site, QUOTE_LINK, CUSTOMER)), link !== seen))

  // The fields' names are the accept form's alone: the changes form has its message and its own intent.
  await e.open(link)
  const total = 'main output'
  await until('$370.50', async () => (await e.text(total)) === '$370.50')
  await e.click(`main input[name="${QF.option}"]`)
  await until('$770.50 with the option', async () => (await e.text(total)) === '$770.50')
  await e.type(`main input[name="${QF.name}"]`, 'Rosa Delgado')
  await e.click(`main input[name="${QF.agree}"]`)
  await e.click(`main button[name="${QF.intent}"][value="accept"]`)
  await until('the confirmation', async () => (await e.text('main h1')) === QUOTE_PAGE_TEXTS.acceptedTitle)
  const confirmation = await e.text('main [role="status"]')
  if (!confirmation.startsWith('Accepted by Rosa Delgado on ') || !confirmation.includes(QUOTE_PAGE_TEXTS.acceptedNext))
    throw new Error(`confirmation: ${confirmation}`)
  if (!(await e.text('main')).includes('$770.50')) throw new Error('the accepted total is not shown')

  const stored = (await storedLeads(site)).find((each) => each.id === lead.id)
  if (stored?.status !== 'won' || Number(stored.job_value) !== 770.5)
    throw new Error(`stored: ${stored?.status}, job value ${stored?.job_value}`)
}

async function checkEngine(make: () => Promise<Engine>, site: Site, photo: string, work: string): Promise<boolean> {
  const url = site.url
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
      const isRosa = (lead: StoredLead) =>
        lead.first_name === 'Rosa' && lead.email === 'rosa@example.com' && lead.service_street === '12 Oak St'
      const before = (await storedLeads(site)).filter(isRosa).length
      await e.type(field('email'), 'example.com')
      // The form times a fill from its first touch: wait past QUOTE_MIN_FILL_MS of this server.
      await new Promise((resolve) => setTimeout(resolve, 1_200))
      await e.click(`${form} button[type="submit"]`)
      await until('the photo input', () => e.exists('.quote-request-form input[type="file"]'))
      const stored = (await storedLeads(site)).filter(isRosa).length
      if (stored !== before + 1) throw new Error(`${stored - before} leads stored, not 1`)
      await e.upload('.quote-request-form input[type="file"]', photo)
      await until('chosen', async () => /chosen/.test(await e.text('.quote-request-form [role="status"]')))
      await e.click('.quote-request-form button[type="button"]')
      await until(
        'added',
        async () => /^1 photo added\./.test(await e.text('.quote-request-form [role="status"]')),
        30_000,
      )
    })
    await check('the owner signs in and posts a before and an after photo', async () => {
      const seen = await signInLink(site)
      await e.open(`${url}/owner`)
      await e.type('#owner-email', OWNER)
      await e.click('main form button[type="submit"]')
      let link = ''
      await until('the sign-in mail', async () => ((link = await signInLink(site)), link !== '' && link !== seen))
      // The fields' names are the accept form's alone: the changes form has its message and its own intent.
      await e.open(link)
      await e.click('main form button[type="submit"]')
      await until('the inbox', () => e.exists('nav[aria-label="Inbox views"]'))
      // The town and kind come in the address, as from a won lead.
      await e.open(`${url}/owner?view=work&category=Driveway+Cleaning&city=folsom`)
      await until('the work form', () => e.exists(`${workForm} button[type="submit"]:not([disabled])`))
      await e.upload(`${workForm} input[type="file"][id$="-before"]`, photo)
      await e.upload(`${workForm} input[type="file"][id$="-after"]`, work)
      await e.click(`${workForm} input[name="consent"]`)
      await e.click(`${workForm} button[type="submit"]`)
      await until('posted', async () => (await e.text(workForm)).includes(WORK_TEXTS.posted), 30_000)
      const list = await e.text('main section')
      if (!list.includes('Driveway Cleaning · Folsom')) throw new Error(`not in the list: ${list}`)
    })
    await check('the owner sends a quote; the customer ticks the option and accepts it; the lead is won', () =>
      acceptQuote(e, site),
    )
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
const work = join(dir, 'driveway-after.jpg')
const write = async (file: string, background: string) =>
  writeFileSync(
    file,
    await sharp({ create: { width: 2000, height: 1500, channels: 3, background } })
      .jpeg()
      .toBuffer(),
  )
await write(photo, '#708090')
await write(work, '#c8c4bc')
// A server per engine: the owner gets one sign-in link per 3 minutes (decision 052), and each engine signs in.
let passed = true
try {
  for (const engine of [firefox, webkit]) {
    const server = await startProductionServer({
      QUOTE_MIN_FILL_MS: '1000',
      OWNER_EMAIL: OWNER,
      OWNER_SESSION_SECRET: randomBytes(32).toString('base64'),
    })
    try {
      const ok = await checkEngine(engine, server, photo, work)
      // A miss's cause is often only in the server's log (a refused link, a lost session).
      if (!ok) console.log(server.output().split('\n').slice(-30).join('\n'))
      passed = ok && passed
    } finally {
      await server.stop()
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true })
}
process.exit(passed ? 0 : 1)
