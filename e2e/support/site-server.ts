import { randomBytes, randomUUID } from 'node:crypto'
import { expect, test } from '@playwright/test'
import type { Insertable } from 'kysely'
import type { Database } from '../../app/platform/db/database.server'
import type { DB } from '../../app/platform/db/schema.gen'
import { ownerNotification } from '../../app/features/leads/lead-email.server'
import { enqueue, ownerMail } from '../../app/platform/outbox/outbox.server'
import { versionHash } from '../../app/features/quotes/quotes.server'
import type { QuoteItem } from '../../app/features/quotes/quote'
import {
  openSiteDatabase,
  startSiteProcess,
  type SiteProcess,
  type SiteProcessOptions,
} from '../../tests/support/site-process'
import { freePort } from '../../tests/support/free-port'
import { freshDatabaseUrl, freshDataDir } from '../../tests/support/test-database'
import { parseLogLines, type LogRecord } from '../../tests/support/log-lines'
import { googleReviewsEnv, placeAnswer, startHttpStub, type ShownReview } from './http-stub'

export { parseLogLines, type LogRecord } from '../../tests/support/log-lines'

export interface SiteServer extends SiteProcess {
  /** stdout's JSON log lines (app/platform/log/logger.server.ts). */
  records: () => LogRecord[]
}

/** The lines of one part of the server whose message matches. */
export function logged(records: LogRecord[], scope: string, msg: RegExp | string): LogRecord[] {
  return records.filter(
    (record) => record.scope === scope && (typeof msg === 'string' ? record.msg === msg : msg.test(record.msg)),
  )
}

/** The servers the running test started (e2e/support/test.ts stops them when it ends); unset in hooks. */
export const startedInTest: { servers?: SiteServer[] } = {}

/**
 * Returns once the server has rendered its first page itself, so a test times its own steps, not the start.
 * Starting has taken 20 s on a loaded machine, so it adds startMs (60 s) to the caller's timeout. One started
 * in a test is stopped as the test ends; one started in `beforeAll` is the hook's to stop.
 */
export async function startSiteServer(
  env: Record<string, string> = {},
  options: Pick<SiteProcessOptions, 'startMs' | 'outputDir' | 'cwd'> = {},
): Promise<SiteServer> {
  const startMs = options.startMs ?? 60_000
  test.info().setTimeout(test.info().timeout + startMs)
  // As playwright.config.ts: a valid token is still required, the fill time only where a test sets it.
  const site = await startSiteProcess({ QUOTE_MIN_FILL_MS: '0', ...env }, { ...options, startMs })
  const server = { ...site, records: () => parseLogLines(site.stdout()) }
  startedInTest.servers?.push(server)
  return server
}

/**
 * One server for the tests of the file or describe block this is called in, started (with `env`, or what it
 * resolves to) before the first and stopped after the last; read it only inside them.
 */
export function siteServerForAll(
  env: Record<string, string> | (() => Promise<Record<string, string>>) = {},
): SiteServer {
  let server: SiteServer | undefined
  test.beforeAll(async () => {
    server = await startSiteServer(typeof env === 'function' ? await env() : env)
  })
  test.afterAll(async () => server?.stop())
  return new Proxy({} as SiteServer, { get: (_, key) => server![key as keyof SiteServer] })
}

/** Where a server keeps its data: DATA_DIR, and its PostgreSQL database under `npm run test:postgres`. */
export type SiteData = Pick<SiteProcess, 'dataDir' | 'databaseUrl'>

/**
 * A copy of the run's migrated database, holding what `fill` stores; a server started on it with `siteDataEnv`
 * reads it from its first render on (its public reads are cached from then).
 */
export async function prepareSiteData(fill: (db: Database) => Promise<unknown> = async () => {}): Promise<SiteData> {
  const data = { dataDir: freshDataDir(), databaseUrl: await freshDatabaseUrl() }
  const db = await openSiteDatabase(data)
  try {
    await fill(db)
  } finally {
    await db.close()
  }
  return data
}

/**
 * A lead with the owner's e-mail queued, as the quote form's path stores it (its id); the contact columns not given
 * are made up.
 */
export async function storeTestLead(db: Database, lead: { first_name: string } & Partial<Insertable<DB['leads']>>) {
  const contact = { email: `${lead.first_name.toLowerCase()}@example.com`, phone: '916-555-0101' }
  const stored = { ...contact, idempotency_key: `e2e-${randomUUID()}`, ...lead }
  return db.transaction().execute(async (tx) => {
    const row = await tx.insertInto('leads').values(stored).returning(['id', 'created_at']).executeTakeFirstOrThrow()
    const mail = ownerNotification({ ...stored, ...row })
    // Due by the real clock, which the server's outbox claims by.
    await enqueue(tx, ownerMail, mail, { leadId: row.id, key: 'lead', dueAt: new Date() })
    return row.id
  })
}

const ACCEPTED = [
  { id: 'i1', description: 'Driveway cleaning', cents: 25_000, optional: false },
  { id: 'i2', description: 'Walkway and steps', cents: 12_050, optional: false },
]

/** Version 1 of a lead's quote as "Send quote" stores it, open 30 days by the test's clock, and `acceptance` if given. */
export async function storeQuote(
  db: Database,
  leadId: string,
  items: QuoteItem[],
  acceptance: Partial<Insertable<DB['quotes']>> = {},
) {
  const content = {
    items,
    note: null,
    terms: 'Terms',
    validUntil: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
  }
  const token = randomBytes(24).toString('base64url')
  await db
    .insertInto('quotes')
    .values({
      lead_id: leadId,
      token,
      version: 1,
      items: JSON.stringify(items),
      terms: content.terms,
      valid_until: content.validUntil,
      hash: versionHash(content),
      ...acceptance,
    })
    .execute()
  return token
}

/**
 * A won lead from Folsom (unless `lead` says) whose quote ($370.50) was accepted, as the quote's own spec leaves
 * one (e2e/quote-accept.spec.ts): its id.
 */
export async function acceptedLead(
  db: Database,
  firstName: string,
  email: string,
  lead: Partial<Insertable<DB['leads']>> = {},
) {
  const id = await storeTestLead(db, { first_name: firstName, email, status: 'won', service_zip: '95630', ...lead })
  await storeQuote(db, id, ACCEPTED, {
    accepted_at: new Date(),
    accepted_name: `${firstName} Lopez`,
    accepted_items: JSON.stringify(ACCEPTED),
    accepted_total_cents: 37_050,
  })
  return id
}

/** The data of the server at baseURL, which most specs share (e2e/support/global-setup.ts). */
export const sharedSiteData: SiteData = {
  dataDir: process.env.E2E_DATA_DIR ?? '.data/e2e',
  databaseUrl: process.env.E2E_DATABASE_URL,
}

export function siteDataEnv(data: SiteData): Record<string, string> {
  return { DATA_DIR: data.dataDir, ...(data.databaseUrl ? { DATABASE_URL: data.databaseUrl } : {}) }
}

/**
 * A server that has just started while Google is slow: its start-up render's read of the reviews waits on Google
 * until `release()`, and every render meanwhile waits on that same read (app/platform/read-cache.server.ts).
 * Returns once the server listens and that read waits.
 */
export async function startSiteWhileReviewsWait(reviews: ShownReview[]) {
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  const places = await startHttpStub({ ...placeAnswer(reviews), until: released })
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const started = startSiteServer({ ...googleReviewsEnv(places), PORT: String(port) })
  started.catch(() => undefined) // awaited by stop()
  const listening = () =>
    fetch(`${url}/healthz`).then(
      (answer) => answer.ok,
      () => false,
    )
  await expect.poll(async () => places.requests.length > 0 && (await listening()), { timeout: 60_000 }).toBe(true)
  return {
    url,
    /** Google answers the reviews now. */
    release,
    stop: async () => {
      release()
      await (await started).stop()
      await places.stop()
    },
  }
}

export type SlowReviewsSite = Awaited<ReturnType<typeof startSiteWhileReviewsWait>>
