/**
 * Owner-only by construction: every server function in the build's manifest (.output) and every route handler in the
 * route tree the build uses, asked of the built site, answers 401 without a session, 401 with a signed-out one and
 * 403 from another site with a live one, unless it is public below. A new function or handler without ownerFn or
 * forOwner (app/platform/http/owner-access.server.ts) fails here until it is listed as public, with why.
 */
import { randomBytes, randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { getRouter } from '../../app/router'
import { SESSION_COOKIE } from '../../app/platform/http/owner-access.server'
import { insertOwnerSession } from '../support/owner-session'
import { builtServerFunctions } from '../support/server-functions'
import { openSiteDatabase, startSiteProcess, type SiteProcess } from '../support/site-process'
import { freshDataDir, freshDatabaseUrl } from '../support/test-database'
import { useCleanup } from './helpers'

const PUBLIC_FUNCTIONS: Record<string, string> = {
  fetchOwnerState: 'whether the owner is signed in, and nothing else',
  fetchShownWork: "the gallery's posted work",
  fetchFeaturedVideo: 'the featured video',
  fetchReviews: 'the published reviews',
  submitLead: 'the quote form',
  issueLeadFormToken: "the quote form's token",
  askAssistant: 'the assistant',
  fetchTypicalPrice: "a service's typical prices, which its tab shows anyway",
}

const PUBLIC_HANDLERS: Record<string, string> = {
  'GET /robots.txt': 'for crawlers',
  'GET /sitemap.xml': 'for crawlers',
  'GET /site.webmanifest': "the site's web manifest",
  'GET /owner/manifest.webmanifest': "the inbox's web manifest, before sign-in too",
  'GET /owner/sw.js': "the inbox's service worker, before sign-in too",
  'POST /owner/sign-in': 'the sign-in itself',
  'GET /owner/work': 'a redirect to the inbox, which asks for sign-in',
  'GET /quote-request': "the quote form's result page, with the visitor's own photo token from its cookie",
  'POST /quote-request': 'the quote form without JavaScript',
  'GET /quote-photos': 'a redirect to the quote form',
  'POST /quote-photos': "a visitor's photos, by the token of their own lead",
  'GET /quote/$token': "a customer's quote, by its unguessable link",
  'POST /quote/$token': "a customer's answer to it, by the same link",
  'GET /quote/$token/day': 'a redirect to the quote page',
  'POST /quote/$token/day': 'the day a customer asks for on it, by the same link (decision 063)',
  'GET /calendar/$file': "the owner's calendar feed, by its unguessable secret (decision 053)",
  'GET /work-photos/$file': "a posted job's photo, public once shown",
  'GET /pay/$token': "a customer's invoice, by its unguessable link (decision 055)",
  'POST /pay/$token': '"Pay by card" on it: a Checkout Session for the balance the server reads',
  'POST /stripe/webhook': "Stripe's events, each verified by its signature",
  'GET /owner/past-jobs': 'a redirect to the Due again view, which asks for sign-in',
  'GET /come-back/$token': "a reminder's offered day, by its unguessable link (decision 064)",
  'POST /come-back/$token': '"Book this day" or "Not this year" on it, by the same link',
  'GET /come-back/stop/$token': '"Stop reminders", by its unguessable link',
  'POST /come-back/stop/$token': 'the stop itself: its button, or a mail client one-click (RFC 8058)',
  'GET /r/$token': "a review request's link, counted and redirected",
}

/** Each method of each route with server handlers, at an address its parameters fill. */
function routeHandlers(): { name: string; method: string; path: string }[] {
  return Object.values(getRouter().routesById).flatMap((route) => {
    const handlers: unknown = route.options.server?.handlers
    if (!handlers || typeof handlers !== 'object') return []
    const path = route.fullPath.replace(/\$(\w+)/g, (_: string, param: string) =>
      param.endsWith('Id') ? randomUUID() : 'x.jpg',
    )
    return Object.keys(handlers).map((method) => ({ name: `${method} ${route.fullPath}`, method, path }))
  })
}

const OWNER = 'owner@example.com'
const cleanup = useCleanup()

/**
 * The built site on a copy of the run's database holding a live session of the owner's, as the e-mailed link leaves
 * one (that link itself: e2e/owner-inbox.spec.ts); the site, and the session's Cookie header.
 */
async function startSignedIn(): Promise<{ site: SiteProcess; live: string }> {
  const password = randomBytes(32).toString('base64')
  const data = { dataDir: freshDataDir(), databaseUrl: await freshDatabaseUrl() }
  const db = await openSiteDatabase(data)
  const live = await insertOwnerSession(db, OWNER, password).finally(() => db.close())
  const env = { OWNER_EMAIL: OWNER, OWNER_SESSION_SECRET: password, DATA_DIR: data.dataDir }
  const site = await startSiteProcess(data.databaseUrl ? { ...env, DATABASE_URL: data.databaseUrl } : env)
  cleanup.push(site.stop)
  return { site, live: `${SESSION_COOKIE}=${live}` }
}

describe('owner-only by construction', { timeout: 240_000 }, () => {
  it('every function and route handler of the built site refuses a visitor, unless it is public', async () => {
    const functions = builtServerFunctions()
    expect([...functions.keys()]).toEqual(expect.arrayContaining(Object.keys(PUBLIC_FUNCTIONS)))
    const routes = routeHandlers()
    expect(routes.map((route) => route.name)).toEqual(expect.arrayContaining(Object.keys(PUBLIC_HANDLERS)))
    const { site, live } = await startSignedIn()

    // A post without a body: Content-Length 0 and no type, which a function's input check would only refuse later.
    const ask = (path: string, method: string, headers: Record<string, string> = {}, body?: string) =>
      fetch(`${site.url}${path}`, {
        method,
        body,
        redirect: 'manual',
        // The header Start's client sends with every call; the routes ignore it.
        headers: { 'Sec-Fetch-Site': 'same-origin', Origin: site.url, 'x-tsr-serverfn': 'true', ...headers },
      })
    const owned = [
      ...[...functions]
        .filter(([name]) => !(name in PUBLIC_FUNCTIONS))
        .map(([name, id]) => ({ name, method: '', path: `/_serverFn/${id}` })),
      ...routes.filter((route) => !(route.name in PUBLIC_HANDLERS)),
    ]
    // A function is one method; the other is answered 405 with the one it takes.
    for (const call of owned.filter((call) => !call.method)) {
      const probe = await ask(call.path, 'GET')
      call.method = probe.status === 405 ? probe.headers.get('allow')! : 'GET'
    }
    const failures: string[] = []
    const expectEach = async (what: string, status: number, headers: Record<string, string>) => {
      for (const call of owned) {
        const answer = await ask(call.path, call.method, headers)
        if (answer.status !== status) failures.push(`${call.name} ${what}: ${answer.status}, not ${status}`)
      }
    }

    // The session is live: it opens the owner's download, which no cache keeps.
    const download = await ask('/owner/conversions.csv', 'GET', { Cookie: live })
    expect([download.status, download.headers.get('content-type'), download.headers.get('cache-control')]).toEqual([
      200,
      'text/csv; charset=utf-8',
      'private, no-store',
    ])
    await expectEach('from another site, signed in', 403, {
      Cookie: live,
      'Sec-Fetch-Site': 'cross-site',
      Origin: 'https://attacker.example',
    })
    const form = { Cookie: live, 'Content-Type': 'application/x-www-form-urlencoded' }
    expect((await ask('/owner/sign-in', 'POST', form, 'sign-out=1')).status).toBe(303)
    await expectEach('without a session', 401, {})
    await expectEach('signed out', 401, { Cookie: live })
    // A public function called as the browser calls it but without its input refuses it (4xx) or answers: never 500.
    for (const [name, id] of [...functions].filter(([name]) => name in PUBLIC_FUNCTIONS)) {
      const probe = await ask(`/_serverFn/${id}`, 'GET')
      const allowed = probe.headers.get('allow')
      const answer = probe.status === 405 && allowed ? await ask(`/_serverFn/${id}`, allowed) : probe
      if (answer.status >= 500) failures.push(`${name} without its input: ${answer.status}`)
    }
    expect(failures).toEqual([])
    expect(owned.length).toBeGreaterThanOrEqual(20)
  })
})
