/**
 * Follow-through in embedded mode (docs/decisions/048-follow-through.md), with the real quote service, PGlite,
 * the outbox worker and a real SMTP server: the customer's acknowledgement and its limits.
 */
import { randomUUID } from 'node:crypto'
import { afterEach, describe, expect, it } from 'vitest'
import { claims, site } from '../../app/content/site'
import { createEmbeddedBackend, type EmbeddedBackend } from '../../app/server/backend/embedded.server'
import { parseRuntimeConfig } from '../../app/server/config.server'
import { ACKNOWLEDGEMENT_SUBJECT } from '../../app/server/quote/acknowledgement.server'
import { createFormTokens } from '../../app/server/quote/form-token.server'
import { createQuoteService } from '../../app/server/quote/quote-service.server'
import { outboxDrained, startSmtp, useTempDirs, type TestSmtp } from './helpers'

const OWNER = 'owner@deltabreeze.example'
const FORM_TOKEN_SECRET = 'follow-through-form-token-secret'
const formTokens = createFormTokens(FORM_TOKEN_SECRET)
const tempDir = useTempDirs()
const cleanups: Array<() => Promise<void>> = []

afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn()
})

async function smtp(): Promise<TestSmtp> {
  const server = await startSmtp()
  cleanups.push(() => server.close())
  return server
}

async function embedded(env: Record<string, string>): Promise<EmbeddedBackend> {
  const backend = createEmbeddedBackend({
    config: parseRuntimeConfig({ QUOTE_NOTIFY_EMAIL: OWNER, ...env }),
    dataDir: await tempDir(),
    startWorker: true,
    outbox: { backoffMs: () => 0 },
  })
  cleanups.push(() => backend.close())
  return backend
}

const service = () => createQuoteService({ rateLimit: 0, formTokenSecret: FORM_TOKEN_SECRET })

/** A form as a person sends it; every value is one the acknowledgement must never repeat. */
function form(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    firstName: 'Zebulon',
    email: 'zebulon.visitor@example.com',
    phone: '(916) 555-0177',
    street: '77 Quirkyname Lane',
    zip: '95630',
    preferredTime: 'morning',
    company: '',
    formToken: formTokens.issue(Date.now() - 8000),
    idempotencyKey: randomUUID(),
    sourcePage: '/city/folsom',
    ...overrides,
  }
}

const acknowledgements = (mail: TestSmtp) =>
  mail.received.filter((received) => received.mail.subject === ACKNOWLEDGEMENT_SUBJECT)

describe('the customer hears back at once', { timeout: 120_000 }, () => {
  it('sends one fixed acknowledgement per stored lead, with nothing the visitor typed in it', async () => {
    const mail = await smtp()
    const backend = await embedded({ SMTP_URL: mail.url })
    const sent = form()
    const first = await service().handle(sent, { ip: '203.0.113.10', userAgent: 'test' }, backend)
    expect(first.status).toBe(200)
    // The visitor's retry of the same form: one lead, still one e-mail.
    await service().handle(sent, { ip: '203.0.113.10', userAgent: 'test' }, backend)
    await outboxDrained(backend)

    const acks = acknowledgements(mail)
    expect(acks).toHaveLength(1)
    const { mail: ack, rcptTo } = acks[0]!
    expect(rcptTo).toEqual(['zebulon.visitor@example.com'])
    expect(ack.headers.get('auto-submitted')).toBe('auto-replied')
    for (const body of [ack.text ?? '', String(ack.html)]) {
      expect(body).toContain(site.name)
      expect(body).toContain(site.phone)
      expect(body).toContain(claims.replyWithin)
      for (const typed of ['Zebulon', 'zebulon', 'Quirkyname', '555-0177', '5550177', '95630', 'morning', 'folsom']) {
        expect(body.toLowerCase()).not.toContain(typed.toLowerCase())
      }
    }
    // The owner's own e-mail still goes out beside it.
    expect(mail.received.filter((received) => received.rcptTo.includes(OWNER))).toHaveLength(1)
  })

  it('sends a victim at most one when a bot names the address 50 times from 50 clients', async () => {
    const mail = await smtp()
    const backend = await embedded({ SMTP_URL: mail.url })
    const quotes = service()
    for (let i = 0; i < 50; i++) {
      const answer = await quotes.handle(
        form({ firstName: `Bot${i}`, email: 'Victim@Example.com' }),
        { ip: `198.51.100.${i + 1}`, userAgent: 'bot' },
        backend,
      )
      expect(answer.status).toBe(200)
    }
    await outboxDrained(backend)
    expect(acknowledgements(mail)).toHaveLength(1)
    // Every lead reached the owner: the limit is on the customer's e-mail only.
    expect(mail.received.filter((received) => received.rcptTo.includes(OWNER))).toHaveLength(50)
  })

  it('sends one client at most one an hour, whatever addresses it names', async () => {
    const mail = await smtp()
    const backend = await embedded({ SMTP_URL: mail.url })
    const quotes = service()
    for (let i = 0; i < 10; i++) {
      await quotes.handle(form({ email: `someone${i}@example.com` }), { ip: '192.0.2.44', userAgent: 'x' }, backend)
    }
    await outboxDrained(backend)
    expect(acknowledgements(mail)).toHaveLength(1)

    // A day later the address may hear from us again; the hour's client limit has passed too.
    const db = await backend.db()
    await db.query(`UPDATE rate_limit_hits SET hit_at = hit_at - interval '25 hours' WHERE bucket LIKE 'ack-%'`)
    await quotes.handle(form({ email: 'someone0@example.com' }), { ip: '192.0.2.44', userAgent: 'x' }, backend)
    await outboxDrained(backend)
    expect(acknowledgements(mail)).toHaveLength(2)
  })

  it('sends none for suspected spam, and none when switched off', async () => {
    const mail = await smtp()
    const backend = await embedded({ SMTP_URL: mail.url })
    const honeypot = await service().handle(form({ company: 'Acme' }), { ip: '192.0.2.1', userAgent: 'x' }, backend)
    const tooFast = await service().handle(
      form({ formToken: formTokens.issue(Date.now()), email: 'fast@example.com' }),
      { ip: '192.0.2.2', userAgent: 'x' },
      backend,
    )
    expect([honeypot.status, tooFast.status]).toEqual([200, 200])

    const off = await embedded({ SMTP_URL: mail.url, CUSTOMER_ACKNOWLEDGEMENT: 'off' })
    await service().handle(form({ email: 'quiet@example.com' }), { ip: '192.0.2.3', userAgent: 'x' }, off)
    await outboxDrained(backend)
    await outboxDrained(off)
    expect(mail.received.filter((received) => received.rcptTo.includes(OWNER))).toHaveLength(1)
    expect(acknowledgements(mail)).toHaveLength(0)
  })
})
