// Signing in to the owner's inbox as a test: the link comes from the outbox's mail files (no SMTP_URL).
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { simpleParser, type ParsedMail } from 'mailparser'
import { SIGN_IN_TEXTS } from '~/lib/owner-lead'
import type { SiteServer } from './site-server'
import { expect, type Page } from './test'

export const OWNER = 'owner@example.com'

/** Every e-mail the outbox has written (no SMTP_URL: .eml files). */
export async function mails(server: SiteServer): Promise<ParsedMail[]> {
  const dir = join(server.dataDir, 'outbox-mail')
  const files = await readdir(dir).catch(() => [] as string[])
  return Promise.all(
    files.filter((f) => f.endsWith('.eml')).map(async (f) => simpleParser(await readFile(join(dir, f)))),
  )
}

export async function signInMails(server: SiteServer): Promise<ParsedMail[]> {
  return (await mails(server)).filter((mail) => /sign-in link/.test(mail.subject ?? ''))
}

/** The e-mailed link, pointed at this test's server (SITE_URL is fixed at build time). */
export function linkIn(mail: ParsedMail, server: SiteServer): string {
  const link = mail.text?.match(/https?:\/\/\S+\/owner\/sign-in\?token=[A-Za-z0-9_-]+/)?.[0]
  if (!link) throw new Error(`no link in ${mail.text}`)
  const url = new URL(link)
  return `${server.url}${url.pathname}${url.search}`
}

export async function askForLink(page: Page, server: SiteServer, email: string) {
  await page.goto(`${server.url}/owner`)
  await page.getByLabel('E-mail address').fill(email)
  await page.getByRole('button', { name: 'E-mail me a sign-in link' }).click()
  await expect(page.getByRole('status')).toHaveText(SIGN_IN_TEXTS.sent)
}

/** Asks for the owner's sign-in link and opens it; the page then shows the "Sign in" button. */
export async function openOwnerLink(page: Page, server: SiteServer) {
  await askForLink(page, server, OWNER)
  await expect.poll(async () => (await signInMails(server)).length, { timeout: 15_000 }).toBe(1)
  await page.goto(linkIn((await signInMails(server))[0]!, server))
}
