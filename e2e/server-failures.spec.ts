// The server's own failures (docs/decisions/052-hostile-input.md): one error line each, and a generic answer that
// never shows the failure's text: a 500 from a server function, the site's error page from a handler.
import { randomBytes } from 'node:crypto'
import { sql } from 'kysely'
import { site } from '~/content/site'
import { sealSessionSecret, SESSION_COOKIE } from '~/platform/http/owner-access.server'
import { builtServerFunctions } from '../tests/support/server-functions'
import { freePort } from '../tests/support/free-port'
import { ownerEnv } from './support/owner'
import { prepareSiteData, siteDataEnv, startSiteServer, type SiteServer } from './support/site-server'
import { expect, test } from './support/test'

/** The error lines logged for the request that carried this id. */
const errorsOf = (server: SiteServer, requestId: string) =>
  server.records().filter((line) => line.requestId === requestId && line.level === 'error')

test("a function's unexpected failure is a 500 with a generic message and one error line; a refusal stays", async () => {
  // A table gone: checking the owner's session fails with the database's own text.
  const data = await prepareSiteData((db) => sql`ALTER TABLE public.owner_sessions RENAME TO sessions_gone`.execute(db))
  const env = ownerEnv(siteDataEnv(data))
  const server = await startSiteServer(env)
  const sealed = await sealSessionSecret(env.OWNER_SESSION_SECRET!, randomBytes(32).toString('base64url'), 3600)
  const leadsUrl = `${server.url}/_serverFn/${builtServerFunctions().get('fetchOwnerLeads')}`
  const call = (requestId: string, cookie?: string) =>
    fetch(leadsUrl, {
      headers: {
        'Sec-Fetch-Site': 'same-origin',
        'x-tsr-serverfn': 'true',
        'x-request-id': requestId,
        ...(cookie ? { Cookie: cookie } : {}),
      },
    })

  const failed = await call('failed-call', `${SESSION_COOKIE}=${sealed}`)
  expect(failed.status).toBe(500)
  const text = await failed.text()
  expect(text).toContain('Something went wrong. Please try again.')
  expect(text).not.toMatch(/sessions|relation|does not exist/)
  await expect.poll(() => errorsOf(server, 'failed-call').length).toBe(1)
  expect(errorsOf(server, 'failed-call')[0]).toMatchObject({
    scope: 'http',
    msg: '500 server function fetchOwnerLeads failed',
    err: { message: expect.stringMatching(/owner_sessions/) },
  })

  // Refused on purpose, before the database: its status and message as they were, and no error line.
  const refused = await call('refused-call')
  expect(refused.status).toBe(401)
  expect(await refused.text()).toContain('Sign in first')
  expect(errorsOf(server, 'refused-call')).toEqual([])
  expect(server.output()).not.toMatch(/^\s+at /m)
})

test("with the database out of reach, the quote page, the feed and the sign-in answer the site's error page, 503", async () => {
  const server = await startSiteServer(
    ownerEnv({ DATABASE_URL: `postgres://site:wrong@127.0.0.1:${await freePort()}/site` }),
    { startMs: 180_000 },
  )
  const form = { 'Content-Type': 'application/x-www-form-urlencoded', 'Sec-Fetch-Site': 'same-origin' }
  const asks: [string, RequestInit][] = [
    [`/quote/${randomBytes(32).toString('base64url')}`, {}],
    [`/calendar/${randomBytes(24).toString('base64url')}.ics`, {}],
    ['/owner/sign-in', { method: 'POST', headers: form, body: 'email=someone%40example.com' }],
  ]
  for (const [path, init] of asks) {
    const requestId = `down-${asks.findIndex(([other]) => other === path)}`
    const answer = await fetch(`${server.url}${path}`, {
      ...init,
      headers: { ...init.headers, 'x-request-id': requestId },
    })
    expect([path, answer.status, answer.headers.get('content-type')]).toEqual([path, 503, 'text/html; charset=utf-8'])
    const html = await answer.text()
    expect(html).toContain('Something went wrong')
    expect(html).toContain(site.phone)
    expect(html).not.toContain('ECONNREFUSED')
    await expect
      .poll(() => errorsOf(server, requestId).filter((line) => line.scope === 'http'))
      .toEqual([expect.objectContaining({ msg: `503 ${init.method ?? 'GET'} failed`, path })])
  }
  expect(server.output()).not.toMatch(/^\s+at /m)
})
