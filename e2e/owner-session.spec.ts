/**
 * The inbox's two sign-out buttons on the production build (decision 041), which only a browser clicks: "Sign out"
 * ends this device's session, "Sign out everywhere" every other's, and a copy of the cookie opens nothing after.
 * The session rows' rules (idle and absolute ends, a new OWNER_EMAIL) and the sign-in limits are
 * tests/server/owner-sessions.test.ts's.
 */
import { signInOwner, startOwnerServer } from './support/owner'
import { storeTestLead } from './support/site-server'
import { expect, test } from './support/test'

test('Sign out ends this session, and Sign out everywhere the others; a copy of the cookie opens nothing after', async ({
  browser,
}) => {
  const server = await startOwnerServer({}, (db) => storeTestLead(db, { first_name: 'Quinn' }), 3)
  const [phone, laptop, tablet] = await Promise.all([browser.newPage(), browser.newPage(), browser.newPage()])
  for (const [session, page] of [phone, laptop, tablet].entries()) {
    await signInOwner(page, server, { session })
    await expect(page.getByRole('heading', { name: 'Quinn' })).toBeVisible()
  }
  /** What /owner shows to a request carrying only this device's cookie. */
  const inboxWith = async (session: number) =>
    (await fetch(`${server.url}/owner`, { headers: { cookie: `owner_session=${server.sessions[session]}` } })).text()

  await phone.getByRole('button', { name: 'Sign out', exact: true }).click()
  await expect(phone.getByLabel('E-mail address')).toBeVisible()
  const copied = await inboxWith(0)
  expect(copied).toContain('E-mail me a sign-in link')
  expect(copied).not.toContain('Quinn')
  await laptop.reload()
  await expect(laptop.getByRole('heading', { name: 'Quinn' })).toBeVisible()

  await laptop.getByRole('button', { name: 'Sign out everywhere' }).click()
  await expect(laptop.getByLabel('E-mail address')).toBeVisible()
  await tablet.reload()
  await expect(tablet.getByLabel('E-mail address')).toBeVisible()
  await expect(tablet.getByRole('button', { name: 'Sign out' })).toHaveCount(0)
  expect(await inboxWith(2)).not.toContain('Quinn')
})
