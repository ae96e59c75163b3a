// The owner's inbox in e2e: a server whose database holds his signed-in sessions (decision 041), so a test
// starts signed in; the e-mails the outbox wrote as files (no SMTP_URL) and the links in them (the sign-in link,
// walked by e2e/owner-inbox.spec.ts alone; a quote's; an invoice's); and the owner's commands.
import { spawn } from 'node:child_process'
import { randomBytes, randomUUID } from 'node:crypto'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { simpleParser, type ParsedMail } from 'mailparser'
import { toJSONAsync } from 'seroval'
import { SIGN_IN_TEXTS } from '~/features/owner/owner-lead'
import type { Database } from '../../app/platform/db/database.server'
import { insertOwnerSession } from '../../tests/support/owner-session'
import { builtServerFunctions } from '../../tests/support/server-functions'
import { stripeEnv, type StripeStandIn } from '../../tests/support/stripe-stand-in'
import { phonePhoto } from './photo'
import { finished, type Ended } from './refused-start'
import { prepareSiteData, siteDataEnv, startSiteServer, type SiteData, type SiteServer } from './site-server'
import { expect, type Page } from './test'

export const OWNER = 'owner@example.com'
/** The cookie's name on an http SITE_URL, as every e2e server has (decision 041). */
const SESSION_COOKIE = 'owner_session'

/** A server's settings for the owner's inbox, with `env`'s on top. */
export function ownerEnv(env: Record<string, string> = {}): Record<string, string> {
  return { OWNER_EMAIL: OWNER, OWNER_SESSION_SECRET: randomBytes(32).toString('base64'), ...env }
}

export interface OwnerServer extends SiteServer {
  /** The cookie value of each signed-in session its database started with. */
  sessions: string[]
}

/**
 * A server for the owner's inbox (ownerEnv, with `env`'s settings) started on a database holding what `fill`
 * stores and `sessions` sessions of the owner, as his sign-ins would have left them.
 */
export async function startOwnerServer(
  env: Record<string, string> = {},
  fill: (db: Database) => Promise<unknown> = async () => {},
  sessions = 1,
): Promise<OwnerServer> {
  const settings = ownerEnv(env)
  const cookies: string[] = []
  const data = await prepareSiteData(async (db) => {
    await fill(db)
    for (let i = 0; i < sessions; i++)
      cookies.push(await insertOwnerSession(db, settings.OWNER_EMAIL!, settings.OWNER_SESSION_SECRET!))
  })
  return Object.assign(await startSiteServer({ ...settings, ...siteDataEnv(data) }), { sessions: cookies })
}

/** startOwnerServer taking card payments at the stand-in of Stripe, whose webhooks reach it. */
export async function startPayingServer(standIn: StripeStandIn, fill?: (db: Database) => Promise<unknown>) {
  const server = await startOwnerServer(stripeEnv(standIn), fill)
  standIn.webhookUrl = `${server.url}/stripe/webhook`
  return server
}

/** Opens the inbox signed in: the browser holds the cookie of the server's `session`-th session (the first). */
export async function signInOwner(
  page: Page,
  server: OwnerServer,
  { session = 0, ...navigation }: { session?: number } & Parameters<Page['goto']>[1] = {},
) {
  const value = server.sessions[session]!
  await page.context().addCookies([{ name: SESSION_COOKIE, value, url: server.url, httpOnly: true, sameSite: 'Lax' }])
  await page.goto(`${server.url}/owner`, navigation)
}

/** A server function of the build, posted with `data` as the page's script posts it, in the page's session. */
export async function callServerFunction(page: Page, server: Pick<SiteServer, 'url'>, name: string, data: object) {
  const url = `${server.url}/_serverFn/${builtServerFunctions().get(name)}`
  const headers = { 'x-tsr-serverfn': 'true', 'Content-Type': 'application/json', Origin: server.url }
  return page.request.post(url, { headers, data: JSON.stringify(await toJSONAsync({ data })) })
}

/** The text of every e-mail the outbox has written into `dataDir` (no SMTP_URL: .eml files) that mentions `text`. */
export function mailTexts(dataDir: string, text = ''): string[] {
  const dir = join(dataDir, 'outbox-mail')
  if (!existsSync(dir)) return []
  return readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .map((name) => readFileSync(join(dir, name), 'utf8'))
    .filter((mail) => mail.includes(text))
}

/** Every e-mail the outbox has written, parsed. */
export function mails(server: SiteServer): Promise<ParsedMail[]> {
  return Promise.all(mailTexts(server.dataDir).map((text) => simpleParser(text)))
}

/** A link of the site's, pointed at this test's server (SITE_URL is fixed at build time). */
export function onServer(server: SiteServer, link: string): string {
  const url = new URL(link)
  return `${server.url}${url.pathname}${url.search}`
}

/** Once the one e-mail to `to` whose subject matches is written: that e-mail. */
export async function emailTo(server: SiteServer, to: string, subject: RegExp): Promise<ParsedMail> {
  const sent = async () =>
    (await mails(server)).filter(
      (mail) => mail.to && 'text' in mail.to && mail.to.text === to && subject.test(mail.subject ?? ''),
    )
  await expect.poll(async () => (await sent()).length, { timeout: 15_000 }).toBe(1)
  return (await sent())[0]!
}

/** Once the one e-mail to `to` whose subject matches is written: its link under `path`, pointed at this server. */
export async function emailedLink(server: SiteServer, to: string, subject: RegExp, path: string): Promise<string> {
  const mail = await emailTo(server, to, subject)
  const link = mail.text?.match(new RegExp(`https?://[^/\\s]+${path}[\\w?=/-]*`))?.[0]
  if (!link) throw new Error(`no ${path} link in ${mail.text}`)
  return onServer(server, link)
}

/**
 * A job's before and after posted from the inbox as its work form posts them (the form itself:
 * e2e/posted-work-owner.spec.ts), with `fields` as the owner chose them.
 */
export async function postWork(page: Page, server: SiteServer, fields: Record<string, string>) {
  const [before, after] = await Promise.all([phonePhoto('#4a3f35', '#1c1c1c'), phonePhoto('#c9c4ba', '#e8e6e0')])
  const posted = await page.request.post(`${server.url}/owner/work`, {
    headers: { Origin: server.url },
    multipart: {
      id: randomUUID(),
      consent: 'yes',
      ...fields,
      before: { name: 'before.jpg', mimeType: 'image/jpeg', buffer: before },
      after: { name: 'after.jpg', mimeType: 'image/jpeg', buffer: after },
    },
  })
  expect(posted.status()).toBe(200)
}

export async function askForLink(page: Page, server: SiteServer, email: string) {
  await page.goto(`${server.url}/owner`)
  await page.getByLabel('E-mail address').fill(email)
  await page.getByRole('button', { name: 'E-mail me a sign-in link' }).click()
  await expect(page.getByRole('status')).toHaveText(SIGN_IN_TEXTS.sent)
}

/**
 * `npm run <script>` as the owner types it, on a site's data and with `env`'s settings too; `uid` runs it as
 * another user (root only).
 */
export function ownerCommand(
  script: string,
  args: string[],
  data: SiteData,
  { env = {}, uid }: { env?: Record<string, string>; uid?: number } = {},
): Promise<Ended> {
  const command = uid === undefined ? 'npm' : process.execPath
  const argv =
    uid === undefined
      ? ['run', '--silent', script, '--', ...args]
      : ['node_modules/tsx/dist/cli.mjs', `scripts/${script}.ts`, ...args]
  const child = spawn(command, argv, {
    env: { ...process.env, ...siteDataEnv(data), ...env },
    ...(uid === undefined ? {} : { uid, gid: uid }),
  })
  return finished(child)
}

/** `npm run leads -- --json`, through the running site's socket: every lead by first name. */
export async function listedLeads(data: SiteData) {
  const ran = await ownerCommand('leads', ['--json'], data)
  if (ran.code !== 0) throw new Error(`npm run leads exited ${ran.code}: ${ran.stderr}`)
  const leads = JSON.parse(ran.stdout) as ({ id: string; first_name: string } & Record<string, unknown>)[]
  return new Map(leads.map((lead) => [lead.first_name, lead]))
}
