/**
 * Web Push for each new lead, against a stand-in push service on 127.0.0.1 that does what a real one does
 * with our request: checks the VAPID JWT (ES256, RFC 8292) against the public key, and decrypts the body
 * as the phone would (RFC 8291 aes128gcm), with node:crypto. Only the push service itself is a stand-in.
 */
import webpush from 'web-push'
import { describe, expect, it } from 'vitest'
import { pushEndpointRefusal, pushTargetRefusal } from '../../app/platform/transport/push-endpoint.server'
import { savePushSubscription } from '../../app/platform/transport/push.server'
import { checkVapid, decryptPush, phoneKeys, subscriptionOf, type PhoneKeys } from '../support/push-service'
import { startHttpStub } from '../support/http-stub'
import {
  outboxDrained,
  PUSH_ENV,
  rowsOf,
  storeTestLead,
  useCleanup,
  usePushPhones,
  useTestSites,
  VAPID,
} from './helpers'

const cleanup = useCleanup()
const pushPhone = usePushPhones()
const openSite = useTestSites()

async function openWithPush(phone: PhoneKeys, endpoint: string, retryMs?: number) {
  const env = { OWNER_EMAIL: 'owner@example.com', VAPID_SUBJECT: 'mailto:owner@example.com', ...PUSH_ENV }
  const site = await openSite(env, { startWorker: true, outbox: retryMs ? { backoffMs: () => retryMs } : {} })
  await savePushSubscription(site.db, subscriptionOf(phone, endpoint))
  return site
}

describe('a push per new lead', { timeout: 180_000 }, () => {
  it('reaches the push service signed and decryptable, with no contact details; once, and none for spam', async () => {
    const { keys: phone, push } = await pushPhone()
    const site = await openWithPush(phone, push.endpoint)
    await storeTestLead(site, 'Warmup')
    await expect.poll(() => push.delivered.length, { timeout: 30_000 }).toBe(1)

    await storeTestLead(site, 'Rhonda', { sourcePage: '/services?tab=roof' })
    await storeTestLead(site, 'Spammy', { spamReason: 'honeypot' })
    await expect.poll(() => push.delivered.length, { timeout: 30_000 }).toBe(2)
    const delivered = push.delivered[1]!

    expect(push.refused).toEqual([])
    expect(delivered.payload).toEqual({
      title: 'Roof Cleaning',
      body: 'New quote request: open the inbox to call back.',
      url: '/owner',
    })
    for (const secret of ['Rhonda', 'rhonda@example.com', '916-555-0101', '5550101']) {
      expect(delivered.plaintext).not.toContain(secret)
    }
    expect(delivered.claims.sub).toBe('mailto:owner@example.com')

    await outboxDrained(site)
    expect(push.delivered).toHaveLength(2) // spam sent none, nothing twice
  })

  it('stores the lead without waiting for a push service that is down, and pushes once it is back', async () => {
    const { keys: phone, push } = await pushPhone()
    // Retried every half second: the schedule itself is defaultBackoffMs's (lead-pipeline.test.ts).
    const site = await openWithPush(phone, push.endpoint, 500)
    await site.db.ready()
    push.down(60_000)
    const stored = await storeTestLead(site, 'Patience', { sourcePage: '/city/folsom' })
    // Stored and answered while every push is refused: the answer does not depend on the push service.
    expect(stored).toEqual(expect.any(String))

    // Back once it has turned the push away.
    await expect.poll(() => push.unavailable.length, { timeout: 30_000 }).toBeGreaterThan(0)
    push.up()
    await expect.poll(() => push.delivered.length, { timeout: 30_000 }).toBe(1)
    expect(push.delivered[0]!.payload.title).toBe('Quote request in Folsom')
    const rows = await rowsOf<{ attempts: number }>(site, `SELECT attempts FROM outbox WHERE template = 'owner_push'`)
    expect(rows[0]!.attempts).toBeGreaterThan(1)
  })

  it('the stand-in refuses a push signed with another key or encrypted for another phone', () => {
    const phone = phoneKeys()
    const subscription = subscriptionOf(phone, 'http://127.0.0.1:9/push/phone-1')
    const other = webpush.generateVAPIDKeys()
    const forged = webpush.generateRequestDetails(subscription, '{"title":"x"}', {
      vapidDetails: { subject: 'mailto:x@example.com', publicKey: VAPID.publicKey, privateKey: other.privateKey },
    })
    expect(() => checkVapid(forged.headers.Authorization as string, 'http://127.0.0.1:9', VAPID.publicKey)).toThrow(
      /does not verify/,
    )
    const genuine = webpush.generateRequestDetails(subscription, '{"title":"x"}', {
      vapidDetails: { subject: 'mailto:x@example.com', publicKey: VAPID.publicKey, privateKey: VAPID.privateKey },
    })
    expect(decryptPush(genuine.body as Buffer, phone)).toBe('{"title":"x"}')
    expect(() => decryptPush(genuine.body as Buffer, phoneKeys())).toThrow()
  })

  it('forgets a subscription the push service no longer knows (410)', async () => {
    const gone = await localServer(410)
    const site = await openWithPush(phoneKeys(), `${gone.url}/push/old-phone`)
    await storeTestLead(site, 'Gone')
    await site.outbox.drain()
    expect(await rowsOf(site, `SELECT 1 FROM owner_push_subscriptions`)).toHaveLength(0)
    expect(gone.requests).toHaveLength(1)
  })
})

/** A server on 127.0.0.1 answering `status` (and `headers`), stopped after the test; it records what it was sent. */
async function localServer(status: number, headers: Record<string, string> = {}) {
  const local = await startHttpStub({ status, headers })
  cleanup.push(local.stop)
  return local
}

describe('where a push may go (decision 052)', { timeout: 120_000 }, () => {
  const publicOnly = { loopback: false }

  it('refuses, when saved, an endpoint that is not a public https host', () => {
    const refused = [
      'http://push.example.com/send/1',
      'https://127.0.0.1/push',
      'https://0x7f000001/push', // the URL parser reads it as 127.0.0.1
      'https://[::1]/push',
      'https://[::ffff:127.0.0.1]/push',
      'https://[::ffff:a9fe:a9fe]/push', // 169.254.169.254, mapped
      'https://10.1.2.3/push',
      'https://172.16.0.9/push',
      'https://192.168.1.1/push',
      'https://169.254.169.254/latest/meta-data',
      'https://100.64.0.1/push',
      'https://[fd00::1]/push',
      'https://[fe80::1]/push',
      'https://localhost/push',
      'https://push.localhost/push',
      'https://intranet/push',
      'https://user:pass@push.example.com/send/1',
      'not a url',
    ]
    for (const endpoint of refused) expect(pushEndpointRefusal(endpoint, publicOnly), endpoint).not.toBeNull()
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://web.push.apple.com/QGx',
      'https://8.8.8.8/push',
    ])
      expect(pushEndpointRefusal(endpoint, publicOnly), endpoint).toBeNull()
    // The tests' setting opens the loopback only, over http too, and nothing else private.
    const tests = { loopback: true }
    expect(pushEndpointRefusal('http://127.0.0.1:9/push', tests)).toBeNull()
    expect(pushEndpointRefusal('https://[::1]:9/push', tests)).toBeNull()
    expect(pushEndpointRefusal('http://10.0.0.1/push', tests)).not.toBeNull()
    expect(pushEndpointRefusal('http://localhost:9/push', tests)).not.toBeNull()
  })

  it('refuses at send time a host name that resolves to a private address (DNS answer stood in: no resolver offline)', async () => {
    const refusal = (...addresses: string[]) =>
      pushTargetRefusal('https://push.example.com/1', publicOnly, async () => addresses)
    expect(await refusal('93.184.216.34')).toBeNull()
    expect(await refusal('10.0.0.7')).toBe('push.example.com resolves to 10.0.0.7, not a public address')
    // One bad address among good ones is enough: the connection may take any of them.
    expect(await refusal('93.184.216.34', '::1')).toBe('push.example.com resolves to ::1, not a public address')
  })

  it('drops a stored subscription to a private address at send time, sending nothing there', async () => {
    const phone = phoneKeys()
    const inside = await localServer(201)
    // Stored before this check existed, or by hand: the send still refuses it. The loopback is not opened here.
    const site = await openSite(
      { OWNER_EMAIL: 'owner@example.com', VAPID_PUBLIC_KEY: VAPID.publicKey, VAPID_PRIVATE_KEY: VAPID.privateKey },
      { startWorker: true },
    )
    await savePushSubscription(site.db, subscriptionOf(phone, `${inside.url}/push/inside`))
    await storeTestLead(site, 'Inside')
    await outboxDrained(site)
    expect(await rowsOf(site, `SELECT 1 FROM owner_push_subscriptions`)).toHaveLength(0)
    expect(inside.requests).toHaveLength(0)
  })

  it('does not follow a redirect from a push endpoint', async () => {
    const phone = phoneKeys()
    const elsewhere = await localServer(201)
    const redirecting = await localServer(307, { Location: `${elsewhere.url}/metadata` })
    const site = await openWithPush(phone, `${redirecting.url}/push`)
    await storeTestLead(site, 'Redirected')
    const db = site.db
    await site.outbox.drain()
    // The positive signal: the push was tried and failed on the 307 itself.
    const row = await rowsOf<{ last_error: string }>(db, `SELECT last_error FROM outbox WHERE template = 'owner_push'`)
    expect(row[0]!.last_error).toContain('push service answered 307')
    expect(elsewhere.requests).toHaveLength(0)
  })
})
