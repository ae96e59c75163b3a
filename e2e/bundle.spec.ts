import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { noteHydrationTime, requestTimings } from '../tests/support/first-load'
import { compileHint, compileHintMinBytes } from '../build/compile-hint'
import { EMAIL_PATTERN } from '../app/lib/text'
import { OWNER_QUOTE_TEXTS, QUOTE_PAGE_TEXTS } from '../app/features/quotes/quote-texts'
import { OWNER_INVOICE_TEXTS, PAY_PAGE_TEXTS } from '../app/features/payments/invoice'
import { OWNER_TEXTS, SOURCES_TEXTS } from '../app/features/owner/owner-lead'
import { COME_BACK_TEXTS } from '../app/features/come-back/due-again'
import { OWNER_DAY_TEXTS } from '../app/features/schedule/schedule'
import { carriesMotion } from './support/animations'
import { expect, test, type Page } from './support/test'

const assets = join(process.env.BUILD_OUTPUT_DIR ?? '.output', 'public', 'assets')

/** Names that only server code uses: if one shows up in a browser chunk, server code leaked into it. */
const serverOnlyMarkers = [
  'DATABASE_URL',
  'SUPABASE_SERVICE_ROLE_KEY',
  'service_role',
  'SMTP_URL',
  'smtp://',
  'smtps://',
  'ASSISTANT_LLM_KEY',
  'ASSISTANT_LLM_URL',
  'IP_HASH_SALT',
  'QUOTE_NOTIFY_EMAIL',
  'pglite',
  'PGlite',
  'nodemailer',
  'createTransport',
  // Kysely's builder and the tables' own columns: only server modules query.
  'selectFrom(',
  'insertInto(',
  'lead_id',
  'claimed_by',
]

test('no browser chunk carries server secrets or server-only modules', () => {
  const chunks = readdirSync(assets).filter((name) => name.endsWith('.js'))
  expect(chunks.length).toBeGreaterThan(5)
  const leaks: string[] = []
  for (const name of chunks) {
    const code = readFileSync(join(assets, name), 'utf8')
    for (const marker of serverOnlyMarkers) if (code.includes(marker)) leaks.push(`${name}: ${marker}`)
  }
  expect(leaks).toEqual([])
})

test('the server bundle loads PGlite only through a dynamic import, so a PostgreSQL server never loads PGlite', () => {
  const serverDir = join(process.env.BUILD_OUTPUT_DIR ?? '.output', 'server')
  const files = readdirSync(serverDir, { recursive: true, encoding: 'utf8' }).filter(
    (name) => name.endsWith('.mjs') && !name.startsWith('node_modules'),
  )
  const staticImports: string[] = []
  let dynamicImports = 0
  for (const name of files) {
    const code = readFileSync(join(serverDir, name), 'utf8')
    if (/(?:from|^import)\s*["']@electric-sql\/pglite/m.test(code)) staticImports.push(name)
    dynamicImports += code.match(/import\(\s*["']@electric-sql\/pglite["']\s*\)/g)?.length ?? 0
  }
  expect(staticImports).toEqual([])
  expect(dynamicImports).toBe(1)
})

const startsWithHint = (name: string) => readFileSync(join(assets, name), 'utf8').startsWith(compileHint)

/** The chunks (their names under /assets/) the page at `path` requested before it had hydrated. */
async function firstLoadChunks(page: Page, path: string): Promise<string[]> {
  await page.addInitScript(noteHydrationTime)
  await page.goto(path)
  const { hydratedAt, requestedAt } = await requestTimings(page)
  return Object.entries(requestedAt)
    .filter(([url, startTime]) => startTime < hydratedAt && /^\/assets\/.+\.js$/.test(new URL(url).pathname))
    .map(([url]) => new URL(url).pathname.slice('/assets/'.length))
}

test('the JavaScript a page hydrates with asks V8 to compile it up front; chunks loaded on demand do not', async ({
  page,
}) => {
  const firstLoad = await firstLoadChunks(page, '/services?tab=roof')
  // The entry (with the framework, decision 059), the route's own chunks and what they import; all but the
  // smallest carry the hint.
  const large = firstLoad.filter((name) => statSync(join(assets, name)).size >= compileHintMinBytes)
  expect(large.length).toBeGreaterThan(3)
  expect(large.filter((name) => !startsWithHint(name))).toEqual([])

  // The extras loaded on demand are compiled only as far as they run.
  const onDemand = readdirSync(assets).filter((name) =>
    /^(confetti\.module|chat-panel|animations)-[\w-]+\.js$/.test(name),
  )
  expect(onDemand).toHaveLength(3)
  expect(onDemand.filter(startsWithHint)).toEqual([])
})

test("motion's code is one chunk the home page fetches after it has hydrated, never in its first load", async ({
  page,
}) => {
  const withMotion = readdirSync(assets).filter(carriesMotion)
  expect(withMotion).toEqual([expect.stringMatching(/^animations-[\w-]+\.js$/)])

  await page.addInitScript(noteHydrationTime)
  await page.goto('/')
  // The underline's animation runs once motion has arrived.
  await expect
    .poll(() => page.locator('.home-hero-underline-line').evaluate((node) => node.getAnimations().length), {
      timeout: 10_000,
    })
    .toBe(1)
  const { hydratedAt, requestedAt } = await requestTimings(page)
  const fetched = Object.entries(requestedAt).filter(([url]) => carriesMotion(url))
  expect(fetched.map(([url]) => new URL(url).pathname)).toEqual([`/assets/${withMotion[0]}`])
  expect(fetched[0]![1]).toBeGreaterThan(hydratedAt)
})

test("home's first load leaves the lead form's e-mail check to the form's own chunk", async ({ page }) => {
  const carriesEmailCheck = (name: string) => readFileSync(join(assets, name), 'utf8').includes(EMAIL_PATTERN.source)
  expect(readdirSync(assets).filter((name) => name.endsWith('.js') && carriesEmailCheck(name))).not.toEqual([])

  const firstLoad = await firstLoadChunks(page, '/')
  expect(firstLoad.length).toBeGreaterThan(3)
  expect(firstLoad.filter(carriesEmailCheck)).toEqual([])
})

// Every route's options (head, loader, validateSearch…) ship in every page's first load: one title read from a
// texts object once brought the whole object and its imports into home's.
test("home's first load carries no text of the owner's views or the customer's quote and pay pages", async ({
  page,
}) => {
  const objects = [QUOTE_PAGE_TEXTS, PAY_PAGE_TEXTS, OWNER_QUOTE_TEXTS, OWNER_INVOICE_TEXTS, OWNER_TEXTS, SOURCES_TEXTS]
  const texts = [...objects, COME_BACK_TEXTS, OWNER_DAY_TEXTS]
    .flatMap((object) => Object.values(object))
    .filter((text): text is string => typeof text === 'string' && text.length >= 16 && !text.includes('"'))
  expect(texts.length).toBeGreaterThan(60)
  const firstLoad = (await firstLoadChunks(page, '/')).map((name) => readFileSync(join(assets, name), 'utf8'))
  expect(texts.filter((text) => firstLoad.some((code) => code.includes(text)))).toEqual([])
})
