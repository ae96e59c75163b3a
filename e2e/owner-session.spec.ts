/**
 * Owner sessions that end and sign-in limits nobody can turn against the owner (docs/decisions/041), on the
 * production build: the session row decides, not the cookie.
 */
import { sendQuote as sendQuoteFrom } from './support/quote-form'
import { startSiteServer, type SiteServer, siteServerForAll } from './support/site-server'
import { OWNER, ownerEnv, signInMails, signInOwner } from './support/owner'
import { expect, test, type Browser, type Page } from './support/test'

/** Signs in as the owner with a new e-mailed link. */
async function signIn(page: Page, server: SiteServer) {
  await signInOwner(page, server)
  await expect(page.getByRole('button', { name: 'Sign out everywhere' })).toBeVisible()
}

/** What /owner shows to a request carrying only this cookie. */
async function inboxWith(server: SiteServer, cookie: string): Promise<string> {
  return (await fetch(`${server.url}/owner`, { headers: { cookie } })).text()
}

async function sendQuote(browser: Browser, server: SiteServer, firstName: string) {
  const page = await browser.newPage()
  await sendQuoteFrom(page, `${server.url}/contact`, { firstName, email: 'quinn@example.com', phone: '(916) 555-0170' })
  await page.close()
}

test.describe('owner sessions', () => {
  // Several sign-ins within minutes, one per device: the one-link-per-3-minutes default would hold them back.
  const server = siteServerForAll(ownerEnv({ OWNER_LINK_WINDOW_MS: '1' }))

  test('a copy of the cookie taken before sign-out opens nothing after it', async ({ browser, page }) => {
    await sendQuote(browser, server, 'Quinn')
    await signIn(page, server)
    await expect(page.getByRole('heading', { name: 'Quinn' })).toBeVisible()
    const cookie = (await page.context().cookies()).find((c) => c.name === 'owner_session')!
    // http SITE_URL: no Secure, hence no __Host- prefix; 90 days at most, however it is used.
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', secure: false })
    expect(cookie.expires * 1000 - Date.now()).toBeGreaterThan(89 * 86_400_000)
    expect(cookie.expires * 1000 - Date.now()).toBeLessThanOrEqual(90 * 86_400_000)
    const copy = `owner_session=${cookie.value}`
    expect(await inboxWith(server, copy)).toContain('Quinn')

    await page.getByRole('button', { name: 'Sign out', exact: true }).click()
    await expect(page.getByLabel('E-mail address')).toBeVisible()
    const after = await inboxWith(server, copy)
    expect(after).toContain('E-mail me a sign-in link')
    expect(after).not.toContain('Quinn')
  })

  test('sign out everywhere ends the sessions on other devices', async ({ browser }) => {
    const phone = await browser.newPage()
    const laptop = await browser.newPage()
    await signIn(phone, server)
    await signIn(laptop, server)
    await laptop.getByRole('button', { name: 'Sign out everywhere' }).click()
    await expect(laptop.getByLabel('E-mail address')).toBeVisible()
    await phone.reload()
    await expect(phone.getByLabel('E-mail address')).toBeVisible()
    await expect(phone.getByRole('button', { name: 'Sign out' })).toHaveCount(0)
  })
})

test('other clients asking for links cannot lock the owner out; each client is held to five', async () => {
  const server = await startSiteServer(ownerEnv({ TRUST_PROXY: 'loopback' }))
  try {
    const ask = (client: string, email: string, origin = server.url) =>
      fetch(`${server.url}/owner/sign-in`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin, 'x-forwarded-for': client },
        body: new URLSearchParams({ email }).toString(),
      })
    // A page on another site cannot post the owner's address.
    expect((await ask('203.0.113.99', OWNER, 'https://attacker.example')).status).toBe(403)
    for (let i = 1; i <= 12; i++) {
      const answer = await ask(`203.0.113.${i}`, `someone-${i}@example.com`)
      expect(answer.status).toBe(303)
      expect(answer.headers.get('location')).toBe('/owner?link=sent')
    }
    const owner = await ask('198.51.100.7', OWNER)
    expect(owner.status).toBe(303)
    expect(owner.headers.get('location')).toBe('/owner?link=sent')
    await expect.poll(async () => (await signInMails(server)).length, { timeout: 15_000 }).toBe(1)

    for (let i = 0; i < 4; i++) expect((await ask('198.51.100.7', `x${i}@example.com`)).status).toBe(303)
    const refused = await ask('198.51.100.7', OWNER)
    expect(refused.status).toBe(429)
    const retryAfter = Number(refused.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThan(14 * 60)
    expect(retryAfter).toBeLessThanOrEqual(15 * 60)
    expect(await refused.text()).toBe('Too many sign-in requests. Try again in 15 minutes.')
    // The refused and cross-site requests queued nothing, and the owner's next ask from a new client within three
    // minutes sends no second link (decision 052): the first one, still valid, stays the only e-mail.
    expect((await ask('198.51.100.8', OWNER)).status).toBe(303)
    const heldBack = () =>
      server.records().some((record) => /one was sent within OWNER_LINK_WINDOW_MS/.test(String(record.msg)))
    await expect.poll(heldBack, { timeout: 15_000 }).toBe(true)
    expect(await signInMails(server)).toHaveLength(1)
    const lines = server.records().filter((record) => record.scope === 'owner')
    expect(JSON.stringify(lines)).not.toMatch(/someone-|owner@example|203\.0\.113|198\.51\.100/)
  } finally {
    await server.stop()
  }
})
