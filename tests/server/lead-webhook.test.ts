/**
 * The owner's lead webhook: a real local HTTP receiver that fails first, then accepts; the
 * outbox retries until a 2xx, once per lead, signed per Standard Webhooks; suspected spam is never sent.
 */
import { createHmac, randomBytes } from 'node:crypto'
import { Webhook } from 'standardwebhooks'
import { describe, expect, it } from 'vitest'
import { ConfigError, parseRuntimeConfig } from '../../app/platform/config.server'
import { leadWebhookBody } from '../../app/features/leads/lead-webhook.server'
import { startHttpStub } from '../support/http-stub'
import { rowsOf, storeTestLead, useCleanup, useTestSites } from './helpers'

const cleanup = useCleanup()
const openSite = useTestSites()

/** Answers the first `failures` requests with 503, then 204. */
async function startReceiver(failures: number) {
  const receiver = await startHttpStub((_request, index) => ({ status: index < failures ? 503 : 204 }))
  cleanup.push(receiver.stop)
  return { url: `${receiver.url}/hooks/leads`, received: receiver.requests }
}

const secret = `whsec_${randomBytes(32).toString('base64')}`

describe('the lead webhook', { timeout: 120_000 }, () => {
  it('posts each lead once, after retrying a failure, signed so the secret verifies it; spam is not posted', async () => {
    const receiver = await startReceiver(1)
    const site = await openSite(
      { LEAD_WEBHOOK_URL: receiver.url, LEAD_WEBHOOK_SECRET: secret, CUSTOMER_ACKNOWLEDGEMENT: 'off' },
      { outbox: { backoffMs: () => 0 } },
    )
    const place = { street: '4821 Elm Ridge Way', zip: '95814', preferredTime: 'morning', outsideArea: true } as const
    const stored = await storeTestLead(site, 'Hook', place)
    await storeTestLead(site, 'Spammy', { spamReason: 'honeypot' })

    const outbox = site.outbox
    const first = await outbox.runOnce()
    expect(first).toMatchObject({ claimed: 2, sent: 1, failed: 1 }) // the e-mail (.eml) went, the webhook got 503
    await outbox.drain()
    await outbox.drain()

    expect(receiver.received.map((r) => r.answered)).toEqual([503, 204])
    const delivered = receiver.received[1]!
    const headers = delivered.headers as Record<string, string>
    expect(delivered.headers['webhook-id']).toBe(stored)
    expect(delivered.headers['content-type']).toBe('application/json')
    const verified = new Webhook(secret).verify(delivered.text, headers) as {
      type: string
      data: Record<string, unknown>
    }
    expect(verified.type).toBe('lead.created')
    expect(verified.data).toEqual({
      id: stored,
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      first_name: 'Hook',
      email: 'hook@example.com',
      phone: '916-555-0101',
      source_page: '/contact',
      service_street: '4821 Elm Ridge Way',
      service_zip: '95814',
      preferred_time: 'morning',
      outside_area: true,
    })
    expect(() => new Webhook(`whsec_${randomBytes(32).toString('base64')}`).verify(delivered.text, headers)).toThrow()
    // The wire format by hand, so the library is not checked only against itself: HMAC-SHA256 of id.timestamp.body.
    const key = Buffer.from(secret.slice('whsec_'.length), 'base64')
    const signed = `${stored}.${headers['webhook-timestamp']}.${delivered.text}`
    expect(headers['webhook-signature']).toBe(`v1,${createHmac('sha256', key).update(signed).digest('base64')}`)

    const rows = await rowsOf(
      site,
      `SELECT template, sent_at IS NOT NULL AS sent, attempts FROM outbox ORDER BY template`,
    )
    expect(rows).toEqual([
      { template: 'lead_webhook', sent: true, attempts: 2 },
      { template: 'owner_mail', sent: true, attempts: 1 },
    ])
  })

  it('sends the address keys as null for a lead that gave none, so a receiver always finds them', () => {
    const body = leadWebhookBody({
      id: 'lead-1',
      created_at: new Date('2026-11-25T00:00:00Z'),
      first_name: 'Bare',
      email: 'bare@example.com',
      phone: '916-555-0101',
      source_page: null,
    })
    const none = { service_street: null, service_zip: null, preferred_time: null, outside_area: null }
    expect(JSON.parse(body).data).toMatchObject(none)
  })

  // Without LEAD_WEBHOOK_URL no webhook is queued: one-write.test.ts, "queues only the owner's and the customer's e-mails".
  it('refuses a secret that is not a Standard Webhooks secret, or a URL without its secret, without showing it', () => {
    const url = 'https://hooks.example.com/leads'
    const notASecret = () => parseRuntimeConfig({ LEAD_WEBHOOK_URL: url, LEAD_WEBHOOK_SECRET: 'hunter2-not-base64!' })
    expect(notASecret).toThrow(/LEAD_WEBHOOK_SECRET must be whsec_ followed by base64 .*\(value not shown\)/)
    expect(notASecret).not.toThrow(/hunter2/)
    expect(() => parseRuntimeConfig({ LEAD_WEBHOOK_URL: url })).toThrow(ConfigError)
    expect(() => parseRuntimeConfig({ LEAD_WEBHOOK_URL: 'ftp://x', LEAD_WEBHOOK_SECRET: secret })).toThrow(
      /LEAD_WEBHOOK_URL must be an http\(s\):\/\/ address/,
    )
    const webhook = parseRuntimeConfig({ LEAD_WEBHOOK_URL: url, LEAD_WEBHOOK_SECRET: secret }).leadWebhook
    expect(webhook).toEqual({ url, secret })
  })
})
