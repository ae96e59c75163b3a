/**
 * The owner's lead webhook in Supabase mode: send-quote-email under Deno, PostgreSQL 15 with the migrations,
 * an in-process SMTP server and a REAL local HTTP receiver that answers 500 first, then 200. The retry runs
 * through public.request_quote_email_retry() as pg_cron calls it (Vault and pg_net are local stand-ins).
 */
import { randomBytes } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Webhook } from 'standardwebhooks'
import { LEAD_ID_PATTERN } from '../../app/lib/lead-photos'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startSmtp, type TestSmtp } from '../server/helpers'
import { psqlAsync, psqlOk, queryJson } from '../support/supabase-postgres'
import { scheduleEmailRetry, startFunction, startLocalSupabase, type LocalSupabase } from '../support/supabase-local'
import { callFunction, outboxIdle, waitFor } from './support'

// send-quote-email's answer to the site: the stored lead's id, for the photo token (decision 044).
const stored = { success: true, leadId: expect.stringMatching(LEAD_ID_PATTERN) }

const SECRET = `whsec_${randomBytes(32).toString('base64')}`
const OWNER = 'owner@delta-breeze.example'

interface Received {
  headers: Record<string, string>
  body: string
  answered: number
}

let local: LocalSupabase
let smtp: TestSmtp
let receiver: Server
let receiverUrl: string
const received: Received[] = []
let failuresLeft = 0

beforeAll(async () => {
  receiver = createServer((request, response) => {
    let body = ''
    request.setEncoding('utf8')
    request.on('data', (chunk: string) => (body += chunk))
    request.on('end', () => {
      const answered = failuresLeft > 0 ? 500 : 200
      if (failuresLeft > 0) failuresLeft--
      received.push({ headers: request.headers as Record<string, string>, body, answered })
      response.writeHead(answered).end()
    })
  })
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/leads`
  smtp = await startSmtp()
  local = await startLocalSupabase({
    names: ['send-quote-email'],
    cron: true,
    functionEnv: () => ({
      SMTP_URL: smtp.url,
      QUOTE_NOTIFY_EMAIL: OWNER,
      CUSTOMER_ACKNOWLEDGEMENT: 'off',
      LEAD_WEBHOOK_URL: receiverUrl,
      LEAD_WEBHOOK_SECRET: SECRET,
    }),
  })
  scheduleEmailRetry(local)
})

afterAll(async () => {
  await local?.stop()
  await smtp?.close()
  await new Promise<void>((resolve) => (receiver ? receiver.close(() => resolve()) : resolve()))
})

beforeEach(async () => {
  await outboxIdle(local.cluster)
  psqlOk(local.cluster, 'TRUNCATE public.quote_requests CASCADE;')
  smtp.received.length = 0
  received.length = 0
  failuresLeft = 0
})

async function submit(lead: Record<string, string>, headers: Record<string, string> = {}, base?: string) {
  const url = base ?? `${local.url}/functions/v1/send-quote-email`
  const auth: Record<string, string> = base
    ? {}
    : { Authorization: `Bearer ${local.keys.anon}`, apikey: local.keys.anon }
  return callFunction(url, lead, { ...auth, ...headers })
}

/** What pg_cron runs every minute, run now, once the backoff is over (async: it calls the router in this process). */
async function runScheduledRetry(): Promise<void> {
  psqlOk(local.cluster, `UPDATE public.quote_outbox SET next_attempt_at = now() WHERE sent_at IS NULL;`)
  const run = await psqlAsync(local.cluster, 'SELECT public.request_quote_email_retry();')
  if (!run.ok) throw new Error(`request_quote_email_retry failed: ${run.stderr}`)
}

function outbox() {
  return queryJson<{ kind: string; sent: boolean; attempts: number; due_later: boolean }>(
    local.cluster,
    `SELECT kind, sent_at IS NOT NULL AS sent, attempts, sent_at IS NULL AND next_attempt_at > now() AS due_later
       FROM public.quote_outbox ORDER BY kind`,
  )
}

describe('the lead webhook on Supabase (send-quote-email under Deno, a real local receiver)', () => {
  it('a receiver that fails first gets the lead exactly once after the scheduled retry, signed so the standardwebhooks package verifies it; the owner is e-mailed once', async () => {
    failuresLeft = 1
    const hook = {
      firstName: 'Hook',
      email: 'hook@example.com',
      phone: '916-555-0131',
      street: '4821 Elm Ridge Way',
      zip: '95814',
      preferredTime: 'morning',
      sourcePage: '/services',
    }
    const result = await submit(hook, { 'Idempotency-Key': 'webhook-spec-key-0001' })
    expect(result).toMatchObject({ status: 200, json: { success: true } })
    const [lead] = queryJson<{ id: string; created_at: string }>(
      local.cluster,
      'SELECT id, created_at FROM public.quote_requests',
    )
    await expect.poll(() => received.map((r) => r.answered)).toEqual([500])
    // The failure waits out the same backoff as an e-mail.
    await expect.poll(outbox).toEqual([
      { kind: 'lead_webhook', sent: false, attempts: 1, due_later: true },
      { kind: 'owner_notification', sent: true, attempts: 1, due_later: false },
    ])

    await runScheduledRetry()
    await waitFor(() => received.length >= 2)
    // Once delivered, later runs and a resent form do not post it again.
    await runScheduledRetry()
    await submit(hook, { 'Idempotency-Key': 'webhook-spec-key-0001' })
    expect(received.map((r) => r.answered)).toEqual([500, 200])
    await expect.poll(outbox).toEqual([
      { kind: 'lead_webhook', sent: true, attempts: 2, due_later: false },
      { kind: 'owner_notification', sent: true, attempts: 1, due_later: false },
    ])

    const delivered = received[1]!
    expect(delivered.headers['webhook-id']).toBe(lead!.id)
    expect(delivered.headers['content-type']).toBe('application/json')
    const verified = new Webhook(SECRET).verify(delivered.body, delivered.headers) as {
      type: string
      timestamp: string
      data: Record<string, unknown>
    }
    expect(verified).toEqual({
      type: 'lead.created',
      timestamp: new Date(lead!.created_at).toISOString(),
      data: {
        id: lead!.id,
        created_at: new Date(lead!.created_at).toISOString(),
        first_name: 'Hook',
        email: 'hook@example.com',
        phone: '916-555-0131',
        source_page: '/services',
        // Worked out by the function itself: 95814 is none of the served cities' ZIP codes.
        service_street: '4821 Elm Ridge Way',
        service_zip: '95814',
        preferred_time: 'morning',
        outside_area: true,
      },
    })
    expect(() =>
      new Webhook(`whsec_${randomBytes(32).toString('base64')}`).verify(delivered.body, delivered.headers),
    ).toThrow()
    expect(smtp.received.map((m) => m.mail.subject)).toEqual(['New quote request from Hook'])
  })

  it('a lead flagged as suspected spam is stored and never posted; rescued by a clean resend, it is posted once', async () => {
    const lead = { firstName: 'Quick', email: 'quick@example.com', phone: '916-555-0132' }
    const key = { 'Idempotency-Key': 'webhook-spec-spam-0001' }
    expect((await submit(lead, { ...key, 'x-suspected-spam': 'honeypot' })).json).toEqual(stored)
    await runScheduledRetry()
    expect(queryJson(local.cluster, 'SELECT status FROM public.quote_requests')).toEqual([{ status: 'suspected_spam' }])
    expect(outbox()).toEqual([])
    expect(received).toEqual([])
    expect(smtp.received).toHaveLength(0)

    expect((await submit(lead, key)).json).toEqual(stored)
    await expect.poll(() => outbox().every((row) => row.sent)).toBe(true)
    await runScheduledRetry()
    expect(received.map((r) => JSON.parse(r.body).data.first_name)).toEqual(['Quick'])
    expect(smtp.received.map((m) => m.mail.subject)).toEqual(['New quote request from Quick'])
  })

  it('with no mail transport configured, the webhook is still delivered and the e-mail row waits for one', async () => {
    const fn = await startFunction('send-quote-email', {
      env: {
        FUNCTIONS_DATABASE_URL: local.cluster.url('authenticator'),
        LEAD_WEBHOOK_URL: receiverUrl,
        LEAD_WEBHOOK_SECRET: SECRET,
        CUSTOMER_ACKNOWLEDGEMENT: 'off',
      },
    })
    try {
      failuresLeft = 1
      const result = await submit(
        { firstName: 'Nomail', email: 'nomail@example.com', phone: '916-555-0133' },
        {},
        fn.url,
      )
      expect(result).toMatchObject({ status: 200, json: { success: true } })
      await expect.poll(() => received.map((r) => r.answered)).toEqual([500])
      await expect.poll(() => outbox().find((row) => row.kind === 'lead_webhook')?.due_later).toBe(true)
      psqlOk(local.cluster, `UPDATE public.quote_outbox SET next_attempt_at = now() WHERE sent_at IS NULL;`)
      expect((await callFunction(fn.url, { deliverDue: true })).json).toMatchObject({ success: true, claimed: 1 })
      expect(received.map((r) => r.answered)).toEqual([500, 200])
      expect(JSON.parse(received[1]!.body).data.first_name).toBe('Nomail')
      expect(outbox()).toEqual([
        { kind: 'lead_webhook', sent: true, attempts: 2, due_later: false },
        { kind: 'owner_notification', sent: false, attempts: 0, due_later: false },
      ])
      expect(fn.output()).toMatch(/no e-mail transport/)
    } finally {
      await fn.stop()
    }
  })

  it('without LEAD_WEBHOOK_URL no webhook row is written', async () => {
    const fn = await startFunction('send-quote-email', {
      env: {
        FUNCTIONS_DATABASE_URL: local.cluster.url('authenticator'),
        SMTP_URL: smtp.url,
        CUSTOMER_ACKNOWLEDGEMENT: 'off',
      },
    })
    try {
      const result = await submit({ firstName: 'Plain', email: 'plain@example.com', phone: '916-555-0134' }, {}, fn.url)
      expect(result).toMatchObject({ status: 200, json: { success: true } })
      await expect.poll(outbox).toEqual([{ kind: 'owner_notification', sent: true, attempts: 1, due_later: false }])
      expect(received).toEqual([])
    } finally {
      await fn.stop()
    }
  })
})
