// Health and readiness probes, and the JSON log, on real production servers (docs/deploy.md).
import { mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { LEAD_HONEYPOT_NAME } from '../app/features/leads/lead-form-constants'
import { expect, test } from './support/test'
import { contact, postPlainLead, renderedFormToken, SENT_LOCATION } from './support/lead-form'
import { logged, startSiteServer, type LogRecord, type SiteServer, siteServerForAll } from './support/site-server'
import { freePort } from '../tests/support/free-port'

const visitor = { firstName: 'Quillonia', email: 'quillonia.vex@example.com', phone: '9165550187' }
const phoneShapes = ['9165550187', '916-555-0187', '555-0187', '5550187']

/** The no-JavaScript post, with the form token of the rendered page when there is one. */
async function postLead(server: SiteServer, fields: Record<string, string>) {
  const formToken = await renderedFormToken(`${server.url}/contact`).catch(() => '')
  return postPlainLead(server.url, { ...fields, formToken })
}

function expectNoVisitorDetails(stdout: string) {
  for (const secret of [visitor.firstName, visitor.email, 'quillonia', ...phoneShapes]) {
    expect(stdout.toLowerCase(), secret).not.toContain(secret.toLowerCase())
  }
}

function expectEveryLineStructured(records: LogRecord[]) {
  expect(records.length).toBeGreaterThan(0)
  for (const record of records) {
    expect(Number.isNaN(Date.parse(record.time)), JSON.stringify(record)).toBe(false)
    expect(['debug', 'info', 'warn', 'error', 'fatal'], JSON.stringify(record)).toContain(record.level)
    expect(typeof record.msg, JSON.stringify(record)).toBe('string')
  }
}

/** What `read` finds once it finds something (the log lines only grow, so a second read finds the same). */
async function until<T>(what: string, read: () => T | undefined, ms = 15_000): Promise<T> {
  await expect.poll(read, { message: `waiting for ${what}`, timeout: ms }).toBeDefined()
  return read()!
}

/** Once logged: the "lead stored" line of the post `response` answers, and that lead's "e-mailed" line. */
async function storedAndEmailed(server: SiteServer, response: Response) {
  expect(response.headers.get('location')).toMatch(SENT_LOCATION)
  const requestId = response.headers.get('x-request-id')
  const stored = await until('the lead stored line', () =>
    logged(server.records(), 'lead', 'lead stored').find((line) => line.requestId === requestId),
  )
  expect(stored.leadId).toBeTruthy()
  const emailed = await until('the lead e-mailed line', () =>
    logged(server.records(), 'lead', 'lead e-mailed to the owner').find((line) => line.leadId === stored.leadId),
  )
  return { stored, emailed }
}

test.describe('a server with a working data folder', () => {
  // A rendered form is posted at once here: no minimum fill time, so the lead is not taken for spam.
  const server = siteServerForAll({ QUOTE_MIN_FILL_MS: '0' })

  test('/healthz and /readyz answer 200, uncached, never from the page cache, and add no log line', async () => {
    const before = server.stdout()
    for (const path of ['/healthz', '/readyz', '/healthz', '/readyz']) {
      const response = await fetch(`${server.url}${path}`)
      expect(response.status, path).toBe(200)
      expect(response.headers.get('cache-control'), path).toBe('no-store')
      expect(response.headers.get('x-page-cache'), path).toBeNull()
      expect(await response.json(), path).toEqual({ status: path === '/healthz' ? 'ok' : 'ready' })
    }
    expect(server.stdout()).toBe(before)
  })

  test('a safe incoming x-request-id is echoed and names the log lines, except on pages a CDN may keep; anything else is replaced', async () => {
    const kept = await fetch(`${server.url}/readyz`, { headers: { 'x-request-id': 'lb-7f3a.42:abc_Z' } })
    expect(kept.headers.get('x-request-id')).toBe('lb-7f3a.42:abc_Z')
    // A page a CDN may keep carries none: the stored copy would show one visitor's id to all.
    const page = await fetch(`${server.url}/`, { headers: { 'x-request-id': 'lb-7f3a.42:abc_Z' } })
    expect(page.headers.get('cache-control')).toMatch(/s-maxage/)
    expect(page.headers.get('x-request-id')).toBeNull()
    for (const unsafe of ['two words', 'a"b', 'x'.repeat(200), '']) {
      const replaced = await fetch(`${server.url}/readyz`, { headers: { 'x-request-id': unsafe } })
      expect(replaced.headers.get('x-request-id'), unsafe).toMatch(/^[0-9a-f-]{36}$/)
    }
    const { emailed } = await storedAndEmailed(server, await postLead(server, contact('Traceable', '9165550111')))
    // The outbox works outside any one request: a line naming the request that woke it would mislead.
    expect(emailed.requestId).toBeUndefined()
  })

  test('a visitor who hangs up mid-request is one info line, not an error with a stack', async () => {
    const before = server.records().length
    const { port } = new URL(server.url)
    for (const path of ['/_serverFn/anything', '/quote-request']) {
      const socket = connect(Number(port), '127.0.0.1')
      await new Promise((resolve) => socket.once('connect', resolve))
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: ${server.url}\r\nx-tsr-serverfn: true\r\n` +
          'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"data":',
      )
      await new Promise((resolve) => setTimeout(resolve, 300))
      socket.destroy()
    }
    const lines = () => server.records().slice(before)
    await until('two hang-up lines', () =>
      logged(lines(), 'http', 'client closed the request').length >= 2 ? true : undefined,
    )
    expect(lines().filter((line) => line.level !== 'info')).toEqual([])
  })

  test('a lead is logged as stored and e-mailed by its id, every stdout line is JSON, and none holds the visitor’s details', async () => {
    const response = await postLead(server, { ...visitor, sourcePage: '/contact' })
    const { stored, emailed } = await storedAndEmailed(server, response)
    expect(stored).toMatchObject({ level: 'info', status: 'new', duplicate: false })
    // The owner gets the details by e-mail; the log only points at it.
    // Named by its Message-ID: the message kind, the row, and a digest of what it says.
    const mailDir = join(server.dataDir, 'outbox-mail')
    const file = readdirSync(mailDir).find((name) => name.startsWith(`lead-${emailed.outboxId}-`))
    const mail = readFileSync(join(mailDir, file ?? 'none'), 'utf8')
    expect(mail).toContain(visitor.email)
    expect(mail).toContain(visitor.firstName)

    // A suspected-spam lead is stored too, and logged the same way.
    const spam = await postLead(server, { ...visitor, [LEAD_HONEYPOT_NAME]: 'Spam Co' })
    expect(spam.headers.get('location')).toBe('/quote-request?status=sent') // no photo token for suspected spam
    await until('the spam lead stored line', () =>
      logged(server.records(), 'lead', 'lead stored').find((line) => line.status === 'suspected_spam'),
    )

    expectEveryLineStructured(server.records())
    expectNoVisitorDetails(server.stdout())
  })
})

/** Two databases a server cannot open: PGlite's folder taken by a file, and a PostgreSQL that is not there. */
const unopenable: Record<string, { env: () => Promise<Record<string, string>>; pgliteOnly?: boolean }> = {
  'a data folder PGlite cannot open': {
    pgliteOnly: true,
    env: async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'site-unusable-'))
      writeFileSync(join(dataDir, 'pglite'), 'not a database folder')
      return { DATA_DIR: dataDir }
    },
  },
  'a PostgreSQL that refuses the site': {
    env: async () => ({ DATABASE_URL: `postgres://site:wrong@127.0.0.1:${await freePort()}/site` }),
  },
}

for (const [name, { env, pgliteOnly }] of Object.entries(unopenable)) {
  test(`with ${name}, the start names it in the log, /readyz answers 503 and an unsaved lead goes to an owner-only file, not the log`, async () => {
    test.skip(Boolean(pgliteOnly && process.env.TEST_DATABASE_URL), "PGlite's folder: not used on PostgreSQL")
    const server = await startSiteServer(await env(), { startMs: 180_000 })
    // Before any visitor: the server's own first render opened it.
    expect(logged(server.records(), 'database', 'could not open the database')).not.toEqual([])
    const health = await fetch(`${server.url}/healthz`)
    expect(health.status).toBe(200)
    const ready = await fetch(`${server.url}/readyz`)
    expect(ready.status).toBe(503)
    expect(ready.headers.get('cache-control')).toBe('no-store')
    expect(await ready.json()).toEqual({ status: 'not ready' })

    const response = await postLead(server, visitor)
    expect(response.status).toBe(503)
    expect(await response.text()).toContain('We could not save your request.')
    const notSaved = await until(
      'the lead not saved line',
      () => logged(server.records(), 'lead', /^lead not saved/)[0],
    )
    expect(notSaved.level).toBe('error')

    const folder = join(server.dataDir, 'unsaved-leads')
    const files = readdirSync(folder)
    expect(files).toHaveLength(1)
    const file = join(folder, files[0]!)
    expect(notSaved.recoveryFile).toBe(file)
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject(visitor)
    expect(statSync(file).mode & 0o777).toBe(0o600)
    expect(statSync(folder).mode & 0o777).toBe(0o700)

    expectEveryLineStructured(server.records())
    expectNoVisitorDetails(server.stdout())
  })
}
