// npm run check:engines: in Firefox (puppeteer-core over WebDriver BiDi) and WebKitGTK (WebKitWebDriver under
// xvfb-run), the engines Playwright's Chromium does not cover: the quote form, its refusal beside the field, the photo
// step, the owner's sign-in and posting of work, a quote he writes that the customer accepts with an option (lead
// won at that total) and a day the customer asks for, its invoice paid by card on the pay page through the Stripe
// stand-in, and past jobs imported from a CSV whose reminder books a day. Starts the production build (npm run build
// first) once per engine; prints one line per engine and check; exits 1 on a miss.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import puppeteer, { type ElementHandle } from 'puppeteer-core'
import { WORK_TEXTS } from '../app/features/work/posted-work-form'
import { COME_BACK_PAGE_TEXTS } from '../app/features/come-back/come-back-pages.server'
import { COME_BACK_TEXTS, addMonths } from '../app/features/come-back/due-again'
import { addDays, longDay } from '../app/features/schedule'
import { DAY_FIELDS, DAY_PAGE_TEXTS, type TimeWindow } from '../app/features/schedule/schedule'
import { QUOTE_FORM_FIELDS as QF } from '../app/features/quotes/quote'
import { OWNER_QUOTE_TEXTS, QUOTE_PAGE_TEXTS } from '../app/features/quotes/quote-texts'
import { parseRuntimeConfig } from '../app/platform/config.server'
import { pacificDate } from '../app/platform/time/business-hours.server'
import { OWNER, ownerEnv } from '../e2e/support/owner'
import { phonePhoto } from '../e2e/support/photo'
import type { Delivery } from '../tests/support/stripe-stand-in'
import { ensureCommand } from '../tests/support/system-deps'
import { newestMailLink, SIGN_IN_LINK, startPayingServer, until } from './bench/common'
import { runOwnerCommandOn } from './owner-command'

type Read = 'text' | 'value' | 'exists'
/** What a check does in a browser, as Firefox's driver does it; WebKitGTK's the same way. */
type Engine = Awaited<ReturnType<typeof firefox>>

const missing = (what: Read) => (what === 'exists' ? false : '')
/** Waits until the element's text passes `matches`; a miss says what the text was last. */
async function untilText(e: Engine, selector: string, matches: (text: string) => boolean, ms?: number) {
  let text = ''
  const passes = async () => matches((text = String(await e.read('text', selector))))
  await until(selector, passes, ms).catch((error: Error) => {
    throw new Error(`${error.message} read "${text.slice(0, 300)}"`)
  })
}
/** Once more after a pause: the page's own navigation (a redirect) or re-render can cut a step short. */
const twice = <T>(step: () => Promise<T>) => step().catch(() => sleep(500).then(step))
/** Runs in the page (both engines send its source); scrolls the element to the middle on 'scroll'. */
const inPage = (what: Read | 'scroll', selector: string) => {
  const element = document.querySelector<HTMLInputElement>(selector)
  if (what === 'scroll') element?.scrollIntoView({ block: 'center' })
  return what === 'exists' ? element !== null : ((what === 'value' ? element?.value : element?.textContent) ?? '')
}

async function firefox() {
  const browser = await puppeteer.launch({ browser: 'firefox', executablePath: '/usr/bin/firefox-esr', headless: true })
  const page = await browser.newPage()
  const element = async (selector: string) => (await page.waitForSelector(selector))!
  return {
    name: `Firefox ${(await browser.version()).replace(/^firefox\//, '')}`,
    // Firefox at times ended goto on the page it left, a form's post still landing. Marking that page first waits
    // for it; a mark still there after goto means it was not left, and it goes again.
    open: (url: string) =>
      twice(async () => {
        await page.evaluate(() => void ((window as { left?: boolean }).left = true)).catch(() => {})
        await page.goto(url, { waitUntil: 'load' })
        if (await page.evaluate(() => (window as { left?: boolean }).left === true))
          throw new Error(`not opened: ${url}`)
      }),
    type: async (selector: string, text: string) => (await element(selector)).type(text),
    click: (selector: string) => twice(async () => (await element(selector)).click()),
    upload: (selector: string, file: string) =>
      twice(async () => ((await element(selector)) as ElementHandle<HTMLInputElement>).uploadFile(file)),
    /** The element's text or value ('' when it is missing), or whether it is there. */
    read: (what: Read, selector: string): Promise<string | boolean> =>
      // A query racing a navigation (the sign-in's redirect) fails with "no such node": not there yet.
      page.evaluate(inPage, what, selector).catch(() => missing(what)),
    close: () => browser.close(),
  }
}

/** A W3C WebDriver session on WebKitWebDriver: the few commands this check needs. */
async function webkit(): Promise<Engine> {
  const port = 4444 + Math.floor(Math.random() * 500)
  const driver = spawn('xvfb-run', ['-a', 'WebKitWebDriver', `--port=${port}`], { stdio: 'ignore', detached: true })
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`http://127.0.0.1:${port}${path}`, {
      method,
      headers: { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const json = (await response.json()) as { value: unknown }
    if (!response.ok) throw new Error(`${method} ${path}: ${JSON.stringify(json.value)}`)
    return json.value
  }
  const capabilities = { alwaysMatch: { 'webkitgtk:browserOptions': { args: ['--automation'] } } }
  const newSession = () => call('POST', '/session', { capabilities }).catch(() => undefined)
  const s = `/session/${((await until('WebKitWebDriver', newSession, 10_000)) as { sessionId: string }).sessionId}`
  await call('POST', `${s}/window/rect`, { width: 1280, height: 900 }).catch(() => {})
  const findOnce = (selector: string) => call('POST', `${s}/element`, { using: 'css selector', value: selector })
  const find = async (selector: string) =>
    Object.values(
      (await until(selector, () => findOnce(selector).catch(() => undefined), 5_000)) as object,
    )[0] as string
  const run = (what: Read | 'scroll', selector: string) =>
    call('POST', `${s}/execute/sync`, { script: `return (${inPage})(...arguments)`, args: [what, selector] })
  // A file input takes its file's path as typed text.
  const type = async (selector: string, text: string) =>
    void (await call('POST', `${s}/element/${await find(selector)}/value`, { text }))
  return {
    name: 'WebKitGTK',
    open: async (url) => void (await call('POST', `${s}/url`, { url })),
    type,
    upload: type,
    click: (selector) =>
      twice(async () => {
        const element = await find(selector)
        // WebDriver scrolls a target only to the viewport's edge, where the fixed chat button can cover it.
        await run('scroll', selector)
        await call('POST', `${s}/element/${element}/click`, {})
      }),
    read: (what, selector) => (run(what, selector) as Promise<string | boolean>).catch(() => missing(what)),
    close: async () => {
      await call('DELETE', s).catch(() => {})
      process.kill(-driver.pid!)
    },
  }
}

const form = '.quote-request-form form'
const field = (name: string) => `${form} [name="${name}"]`
const photoStatus = '.quote-request-form [role="status"]'
const workForm = 'main form[aria-labelledby]'
// The editor's form, not the sign-out form above it.
const editor = 'main section[aria-labelledby] > form'
const CUSTOMER = 'rosa@example.com'
// What she types in the quote form, by field name: the e-mail cut short, completed by the next check.
const ROSA = { firstName: 'Rosa', email: 'rosa@', phone: '916-555-0142', street: '12 Oak St', zip: '95630' }
const QUOTE_LINK = /\/quote\/[A-Za-z0-9_-]{32}\b/
// The quote check (decision 053): the owner writes it in his editor, the customer accepts it from the e-mail.
const QUOTE_ITEMS = [
  { description: 'Driveway cleaning', price: '250', optional: false },
  { description: 'Walkway and steps', price: '120.50', optional: false },
  { description: 'Seal the driveway', price: '400', optional: true },
]
// The owner's buttons once the scripts run (enabled after hydration).
const JOB_DONE = 'button[name="job-done"]:not([disabled])'
const SEND_INVOICE = 'button[name="send-invoice"]:not([disabled])'
const PAY_LINK = /\/pay\/[A-Za-z0-9_-]{32}\b/
const DAY_FORM = 'main form[action$="/day"]'
const PAST_CUSTOMER = 'lena@example.com'
const BOOK_LINK = /\/come-back\/[\w-]{32}\?day=\d{4}-\d{2}-\d{2}/
type Site = Awaited<ReturnType<typeof startPayingServer>>

/** The leads as the owner's command reads them from the site (`npm run leads -- --json`), newest first. */
const storedLeads = (site: Site) =>
  runOwnerCommandOn(parseRuntimeConfig({ DATA_DIR: site.dataDir, DATABASE_URL: site.databaseUrl }), 'list')
const rosas = async (site: Site) =>
  (await storedLeads(site)).filter(
    (lead) => lead.first_name === ROSA.firstName && lead.email === CUSTOMER && lead.service_street === ROSA.street,
  ).length

type Check = (e: Engine, site: Site, photos: { before: string; after: string }) => Promise<void>
const checks: Record<string, Check> = {
  'the form becomes interactive': async (e, site) => {
    await e.open(`${site.url}/contact`)
    await until('data-interactive', () => e.read('exists', `${form}[data-interactive="true"]`))
  },
  'a mistyped e-mail is refused beside its field, nothing typed is lost': async (e) => {
    for (const [name, text] of Object.entries(ROSA)) await e.type(field(name), text)
    await e.click(`${form} input[name="preferredTime"][value="afternoon"]`)
    await e.click(`${form} button[type="submit"]`)
    await untilText(e, `${form} [id$="-email-error"]`, (text) => text === 'Invalid email address')
    if ((await e.read('value', field('firstName'))) !== ROSA.firstName) throw new Error('first name lost')
    if ((await e.read('value', field('street'))) !== ROSA.street) throw new Error('street lost')
  },
  'corrected, it is stored and the photo step sends a photo': async (e, site, photos) => {
    const before = await rosas(site)
    await e.type(field('email'), 'example.com')
    // The form times a fill from its first touch: wait past QUOTE_MIN_FILL_MS of this server.
    await sleep(1_200)
    await e.click(`${form} button[type="submit"]`)
    await until('the photo input', () => e.read('exists', '.quote-request-form input[type="file"]'))
    const stored = (await rosas(site)) - before
    if (stored !== 1) throw new Error(`${stored} leads stored, not 1`)
    await e.upload('.quote-request-form input[type="file"]', photos.before)
    await untilText(e, photoStatus, (text) => /chosen/.test(text))
    await e.click('.quote-request-form button[type="button"]')
    await untilText(e, photoStatus, (text) => /^1 photo added\./.test(text), 30_000)
  },
  'the owner signs in and posts a before and an after photo': async (e, site, photos) => {
    const seen = await newestMailLink(site, SIGN_IN_LINK)
    await e.open(`${site.url}/owner`)
    await e.type('#owner-email', OWNER)
    await e.click('main form button[type="submit"]')
    await e.open(await until('the sign-in mail', () => newestMailLink(site, SIGN_IN_LINK, { not: seen }), 30_000))
    await e.click('main form button[type="submit"]')
    await until('the inbox', () => e.read('exists', 'nav[aria-label="Inbox views"]'))
    // The town and kind come in the address, as from a won lead.
    await e.open(`${site.url}/owner?view=work&category=Driveway+Cleaning&city=folsom`)
    await until('the work form', () => e.read('exists', `${workForm} button[type="submit"]:not([disabled])`))
    await e.upload(`${workForm} input[type="file"][id$="-before"]`, photos.before)
    await e.upload(`${workForm} input[type="file"][id$="-after"]`, photos.after)
    await e.click(`${workForm} input[name="consent"]`)
    await e.click(`${workForm} button[type="submit"]`)
    await untilText(e, workForm, (text) => text.includes(WORK_TEXTS.posted), 30_000)
    const list = String(await e.read('text', 'main section'))
    if (!list.includes('Driveway Cleaning · Folsom')) throw new Error(`not in the list: ${list}`)
  },
  'the owner sends a quote; the customer ticks the option and accepts it; the lead is won': async (e, site) => {
    // The lead the form stored above (leads come newest first).
    const lead = (await storedLeads(site)).find((each) => each.first_name === 'Rosa')
    if (!lead) throw new Error('no lead to quote')
    const seen = await newestMailLink(site, QUOTE_LINK, { to: CUSTOMER })
    await e.open(`${site.url}/owner?view=quote&lead=${lead.id}`)
    await until('the editor', () => e.read('exists', `${editor} button[type="submit"]:not([disabled])`))
    for (const [index, item] of QUOTE_ITEMS.entries()) {
      // "Add item" is the form's own button; the price list's sit in a fieldset, "Remove" in each item.
      await e.click(`${editor} > button[type="button"]`)
      const row = `main ol[aria-label="Items"] > li:nth-child(${index + 1})`
      await e.type(`${row} input[id$="-d"]`, item.description)
      await e.type(`${row} input[id$="-p"]`, item.price)
      if (item.optional) await e.click(`${row} input[type="checkbox"]`)
    }
    const total = OWNER_QUOTE_TEXTS.totalRequired(37050)
    await untilText(e, `${editor} [aria-live="polite"]`, (text) => text.includes(total))
    await e.click(`${editor} button[type="submit"]`)
    await untilText(e, 'main', (text) => text.includes(OWNER_QUOTE_TEXTS.sentNow))
    const mail = () => newestMailLink(site, QUOTE_LINK, { to: CUSTOMER, not: seen })
    // The fields' names are the accept form's alone: the changes form has its message and its own intent.
    await e.open(await until('the quote mail', mail, 30_000))
    await untilText(e, 'main output', (text) => text === '$370.50')
    await e.click(`main input[name="${QF.option}"]`)
    await untilText(e, 'main output', (text) => text === '$770.50')
    await e.type(`main input[name="${QF.name}"]`, 'Rosa Delgado')
    await e.click(`main input[name="${QF.agree}"]`)
    await e.click(`main button[name="${QF.intent}"][value="accept"]`)
    await untilText(e, 'main h1', (text) => text === QUOTE_PAGE_TEXTS.acceptedTitle)
    // The day to ask for follows (the next check).
    const confirmation = String(await e.read('text', 'main [role="status"]'))
    if (!confirmation.startsWith('Accepted by Rosa Delgado on ')) throw new Error(`confirmation: ${confirmation}`)
    if (!String(await e.read('text', 'main')).includes('$770.50')) throw new Error('the accepted total is not shown')
    const stored = (await storedLeads(site)).find((each) => each.id === lead.id)
    if (stored?.status !== 'won' || stored.job_value_cents !== 77050)
      throw new Error(`stored: ${stored?.status}, job value ${stored?.job_value_cents}`)
  },
  // Decision 063: with no truck days set, the accepted quote's page offers every open day from tomorrow.
  'the customer asks for the first day offered, in the morning; the page says "Requested"': async (e) => {
    const first = `${DAY_FORM} input[name="${DAY_FIELDS.choice}"][value$=" morning"]`
    const choice = String(await until('the day form', () => e.read('value', first)))
    await e.click(first)
    await e.click(`${DAY_FORM} button[name="${DAY_FIELDS.intent}"][value="ask"]`)
    const [day, window] = choice.split(' ')
    const requested = DAY_PAGE_TEXTS.requested(day!, window as TimeWindow)
    await untilText(e, 'main', (text) => text.includes(requested))
  },
  // Decision 055: the owner's "Job done" and "Send invoice" on the won lead's card, then the customer's pay page.
  'the owner sends the invoice; the customer pays by card at Stripe\'s page; the page says "Paid, thank you"': async (
    e,
    site,
  ) => {
    await e.open(`${site.url}/owner`)
    await e.click(await until('"Job done"', async () => (await e.read('exists', JOB_DONE)) && JOB_DONE))
    await e.click(await until('"Send invoice"', async () => (await e.read('exists', SEND_INVOICE)) && SEND_INVOICE))
    await e.open(await until('the invoice mail', () => newestMailLink(site, PAY_LINK, { to: CUSTOMER }), 30_000))
    await untilText(e, 'main form button', (text) => text.includes('$770.50'))
    await e.click('main form button[type="submit"]')
    // The stand-in's hosted page: plain HTML with one form.
    await untilText(e, 'h1', (text) => text === 'Pay $770.50')
    const session = [...site.stripe.objects.values()].find((o) => o.object === 'checkout.session')!.id as string
    await e.click('form button')
    // Stripe sends the customer back to the built SITE_URL; here the check opens this server's page instead.
    // Opened once the event is in: reloading it meanwhile met the page's limit on a slow machine.
    const paid = (d: Delivery) => d.type === 'checkout.session.completed' && d.objectId === session && d.status === 200
    await until('the payment event', () => site.stripe.deliveries.some(paid), 30_000)
    await e.open(`${await newestMailLink(site, PAY_LINK, { to: CUSTOMER })}?session=${session}`)
    await untilText(e, 'main [role="status"]', (text) => text === 'Paid, thank you')
  },
  // Decision 064: the import is a file input the view's script posts; the reminder's day page is plain HTML.
  'the owner imports a past job; its reminder\'s "Book this day" makes a due-again lead': async (e, site) => {
    // A Folsom house wash done 11½ months ago: due in about two weeks.
    const doneOn = addDays(addMonths(pacificDate(new Date()), -11), -15)
    const csv = join(dir, 'past-jobs.csv')
    writeFileSync(
      csv,
      `name,email,phone,address,zip,service,date done,price\r\nLena Park,${PAST_CUSTOMER},916-555-0170,8 Bay Ct,95630,House washing,${doneOn},420\r\n`,
    )
    await e.open(`${site.url}/owner/due-again`)
    await until("the view's script", () => e.read('exists', 'html[data-hydrated="true"]'))
    await e.upload('#past-jobs-file', csv)
    await e.click('main form[action="/owner/past-jobs"] button[type="submit"]')
    const added = COME_BACK_TEXTS.imported(1, 0)
    const answer = 'section[aria-labelledby="import-heading"] [role="status"]'
    await untilText(e, answer, (text) => text.includes(added))
    const card = 'main article[aria-label="Lena Park"]'
    await e.click(`${card} button[type="button"]`)
    await untilText(e, `${card} > [role="status"]`, (text) => text === COME_BACK_TEXTS.sent)
    const link = await until('the reminder', () => newestMailLink(site, BOOK_LINK, { to: PAST_CUSTOMER }), 30_000)
    await e.open(link)
    await e.click('main input[name="window"][value="afternoon"]')
    await e.click('main button[value="book"]')
    const booked = COME_BACK_PAGE_TEXTS.booked(longDay(new URL(link).searchParams.get('day')!))
    await untilText(e, 'main', (text) => text.includes(booked))
    const lead = (await storedLeads(site)).find((each) => each.email === PAST_CUSTOMER)
    if (lead?.source_channel !== 'due_again') throw new Error(`the lead's source: ${lead?.source_channel}`)
  },
}

ensureCommand('firefox-esr', 'firefox-esr')
ensureCommand('WebKitWebDriver', 'webkit2gtk-driver')
ensureCommand('xvfb-run', 'xvfb')
const dir = mkdtempSync(join(tmpdir(), 'engines-'))
const photos = { before: join(dir, 'driveway.jpg'), after: join(dir, 'driveway-after.jpg') }
writeFileSync(photos.before, await phonePhoto('#708090'))
writeFileSync(photos.after, await phonePhoto('#c8c4bc'))
let passed = true
try {
  for (const make of [firefox, webkit]) {
    // A server per engine: the owner gets one sign-in link per 3 minutes (decision 052), and each engine signs in.
    const site = await startPayingServer(ownerEnv({ QUOTE_MIN_FILL_MS: '1000' }))
    let engine: Engine | undefined
    let ok = true
    try {
      engine = await make()
      console.log(engine.name)
      for (const [label, check] of Object.entries(checks)) {
        const error = await check(engine, site, photos).catch((error: unknown) => error ?? 'failed')
        ok &&= !error
        // Most misses are another page than the one expected: say which, beside the server's log printed below.
        if (error)
          console.log(
            `    on "${await engine.read('text', 'title')}": ${String(await engine.read('text', 'body')).slice(0, 300)}`,
          )
        console.log(error ? `  ✖ ${label}: ${error instanceof Error ? error.message : String(error)}` : `  ✔ ${label}`)
      }
    } catch (error) {
      ok = false
      console.log(`${make.name}\n  ✖ could not start: ${error instanceof Error ? error.message : String(error)}`)
    } finally {
      await engine?.close().catch(() => {})
      // A miss's cause is often only in the server's log (a refused link, a lost session).
      if (!ok) console.log(site.output().split('\n').slice(-30).join('\n'))
      await site.stop()
    }
    passed &&= ok
  }
} finally {
  rmSync(dir, { recursive: true, force: true })
}
process.exit(passed ? 0 : 1)
