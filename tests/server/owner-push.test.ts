/**
 * Web Push for each new lead, against a stand-in push service on 127.0.0.1 that does what a real one does
 * with our request: checks the VAPID JWT (ES256, RFC 8292) against the public key, and decrypts the body
 * as the phone would (RFC 8291 aes128gcm), with node:crypto. Only the push service itself is a stand-in.
 */
import { createECDH, createPublicKey, hkdfSync, createDecipheriv, randomBytes, verify } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import webpush from 'web-push'
import { afterEach, describe, expect, it } from 'vitest'
import { createEmbeddedBackend } from '../../app/server/backend/embedded.server'
import type { StoredLeadInput } from '../../app/server/backend/backend.server'
import { savePushSubscription } from '../../app/server/owner/inbox.server'
import { useTempDirs } from './helpers'

const tempDir = useTempDirs()
const cleanup: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step()
})

const vapid = webpush.generateVAPIDKeys()

interface Delivered {
  at: number
  payload: Record<string, unknown>
  plaintext: string
  claims: Record<string, unknown>
}

/** The phone's side of a subscription: its P-256 key pair and auth secret. */
function phoneKeys() {
  const ecdh = createECDH('prime256v1')
  ecdh.generateKeys()
  return { ecdh, auth: randomBytes(16) }
}

function hkdf(salt: Buffer, ikm: Buffer, info: Buffer, length: number): Buffer {
  return Buffer.from(hkdfSync('sha256', ikm, salt, info, length))
}

/** RFC 8291 section 3.4 and RFC 8188, one record. */
function decryptPush(body: Buffer, phone: ReturnType<typeof phoneKeys>): string {
  const salt = body.subarray(0, 16)
  const idLength = body[20]!
  const serverKey = body.subarray(21, 21 + idLength)
  const ciphertext = body.subarray(21 + idLength)
  const shared = phone.ecdh.computeSecret(serverKey)
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), phone.ecdh.getPublicKey(), serverKey])
  const ikm = hkdf(phone.auth, shared, keyInfo, 32)
  const cek = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16)
  const nonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12)
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce)
  decipher.setAuthTag(ciphertext.subarray(-16))
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, -16)), decipher.final()])
  const end = padded.lastIndexOf(2) // the last record's delimiter, then zero padding
  return padded.subarray(0, end).toString('utf8')
}

/** RFC 8292: `vapid t=<JWT>, k=<public key>`; throws unless the signature verifies with the configured key. */
function checkVapid(header: string | undefined, origin: string): Record<string, unknown> {
  const match = header?.match(/^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/)
  if (!match) throw new Error(`not a VAPID Authorization header: ${header}`)
  const [, jwt, k] = match
  if (k !== vapid.publicKey) throw new Error('k is not our VAPID public key')
  const [head, claims, signature] = jwt!.split('.')
  const raw = Buffer.from(k, 'base64url')
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  })
  const signed = Buffer.from(`${head}.${claims}`)
  const ok = verify('sha256', signed, { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature!, 'base64url'))
  if (!ok) throw new Error('VAPID signature does not verify')
  if (JSON.parse(Buffer.from(head!, 'base64url').toString()).alg !== 'ES256') throw new Error('alg is not ES256')
  const body = JSON.parse(Buffer.from(claims!, 'base64url').toString()) as Record<string, unknown>
  if (body.aud !== origin) throw new Error(`aud ${String(body.aud)} is not ${origin}`)
  if (typeof body.exp !== 'number' || body.exp * 1000 < Date.now()) throw new Error('expired JWT')
  return body
}

async function startPushService(phone: ReturnType<typeof phoneKeys>) {
  const delivered: Delivered[] = []
  const refused: string[] = []
  let downUntil = 0
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      if (Date.now() < downUntil) return response.writeHead(503).end()
      try {
        if (request.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm')
        const claims = checkVapid(request.headers.authorization, origin)
        const plaintext = decryptPush(Buffer.concat(chunks), phone)
        delivered.push({ at: Date.now(), plaintext, payload: JSON.parse(plaintext), claims })
        response.writeHead(201).end()
      } catch (error) {
        refused.push(String(error))
        response.writeHead(400).end()
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  cleanup.push(() => new Promise((resolve) => server.close(() => resolve())))
  return {
    endpoint: `${origin}/push/phone-1`,
    delivered,
    refused,
    down(ms: number) {
      downUntil = Date.now() + ms
    },
  }
}

function lead(firstName: string, overrides: Partial<StoredLeadInput> = {}): StoredLeadInput {
  return {
    firstName,
    email: `${firstName.toLowerCase()}@example.com`,
    phone: '916-555-0177',
    idempotencyKey: `push-test-${firstName}-${randomBytes(6).toString('hex')}`,
    status: 'new',
    spamReason: null,
    sourcePage: '/services?tab=roof',
    userAgent: null,
    ipHash: null,
    ...overrides,
  }
}

async function openWithPush(phone: ReturnType<typeof phoneKeys>, endpoint: string) {
  const backend = createEmbeddedBackend({
    env: {
      OWNER_EMAIL: 'owner@example.com',
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      VAPID_SUBJECT: 'mailto:owner@example.com',
    },
    dataDir: await tempDir(),
    startWorker: true,
  })
  cleanup.push(() => backend.close())
  await savePushSubscription(await backend.db(), {
    endpoint,
    keys: { p256dh: phone.ecdh.getPublicKey().toString('base64url'), auth: phone.auth.toString('base64url') },
  })
  return backend
}

async function waitFor(check: () => boolean, timeoutMs: number): Promise<void> {
  const start = Date.now()
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error(`not within ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

describe('a push per new lead', { timeout: 180_000 }, () => {
  it('reaches the push service within seconds, signed and decryptable, with no contact details; once', async () => {
    const phone = phoneKeys()
    const push = await startPushService(phone)
    const backend = await openWithPush(phone, push.endpoint)
    await backend.submitQuote(lead('Warmup'))
    await waitFor(() => push.delivered.length === 1, 10_000)

    const submitted = Date.now()
    await backend.submitQuote(lead('Rhonda', { sourcePage: '/services?tab=roof' }))
    await backend.submitQuote(lead('Spammy', { status: 'suspected_spam', spamReason: 'honeypot' }))
    await waitFor(() => push.delivered.length === 2, 5_000)
    const delivered = push.delivered[1]!
    console.log(`submission to push: ${delivered.at - submitted} ms`)
    expect(delivered.at - submitted).toBeLessThan(5_000)

    expect(push.refused).toEqual([])
    expect(delivered.payload).toEqual({
      title: 'Roof Cleaning',
      body: 'New quote request: open the inbox to call back.',
      url: '/owner',
    })
    for (const secret of ['Rhonda', 'rhonda@example.com', '916-555-0177', '5550177']) {
      expect(delivered.plaintext).not.toContain(secret)
    }
    expect(delivered.claims.sub).toBe('mailto:owner@example.com')

    await new Promise((resolve) => setTimeout(resolve, 1_000))
    expect(push.delivered).toHaveLength(2) // spam sent none, nothing twice
  })

  it('stores the lead at once while the push service is down, and pushes once it is back', async () => {
    const phone = phoneKeys()
    const push = await startPushService(phone)
    const backend = await openWithPush(phone, push.endpoint)
    await backend.ready()
    push.down(30_000)
    const submitted = Date.now()
    const stored = await backend.submitQuote(lead('Patience', { sourcePage: '/city/folsom' }))
    const storedMs = Date.now() - submitted
    expect(stored.success).toBe(true)
    expect(storedMs).toBeLessThan(1_000)

    await waitFor(() => push.delivered.length === 1, 90_000)
    const arrived = push.delivered[0]!.at - submitted
    console.log(`lead stored in ${storedMs} ms; push service down 30 s; push arrived after ${arrived} ms`)
    expect(arrived).toBeGreaterThanOrEqual(30_000)
    expect(push.delivered[0]!.payload.title).toBe('Quote request in Folsom')
    const rows = await (
      await backend.db()
    ).query<{ attempts: number }>(`SELECT attempts FROM quote_outbox WHERE kind = 'owner_push'`)
    expect(rows.rows[0]!.attempts).toBeGreaterThan(1)
  })

  it('the stand-in refuses a push signed with another key or encrypted for another phone', () => {
    const phone = phoneKeys()
    const subscription = {
      endpoint: 'http://127.0.0.1:9/push/phone-1',
      keys: { p256dh: phone.ecdh.getPublicKey().toString('base64url'), auth: phone.auth.toString('base64url') },
    }
    const other = webpush.generateVAPIDKeys()
    const forged = webpush.generateRequestDetails(subscription, '{"title":"x"}', {
      vapidDetails: { subject: 'mailto:x@example.com', publicKey: vapid.publicKey, privateKey: other.privateKey },
    })
    expect(() => checkVapid(forged.headers.Authorization as string, 'http://127.0.0.1:9')).toThrow(/does not verify/)
    const genuine = webpush.generateRequestDetails(subscription, '{"title":"x"}', {
      vapidDetails: { subject: 'mailto:x@example.com', publicKey: vapid.publicKey, privateKey: vapid.privateKey },
    })
    expect(decryptPush(genuine.body as Buffer, phone)).toBe('{"title":"x"}')
    expect(() => decryptPush(genuine.body as Buffer, phoneKeys())).toThrow()
  })

  it('forgets a subscription the push service no longer knows (410)', async () => {
    const phone = phoneKeys()
    const gone: Server = createServer((_request, response) => response.writeHead(410).end())
    await new Promise<void>((resolve) => gone.listen(0, '127.0.0.1', resolve))
    cleanup.push(() => new Promise((resolve) => gone.close(() => resolve())))
    const endpoint = `http://127.0.0.1:${(gone.address() as AddressInfo).port}/push/old-phone`
    const backend = await openWithPush(phone, endpoint)
    await backend.submitQuote(lead('Gone'))
    const db = await backend.db()
    await (await backend.outbox()).drain()
    const left = await db.query(`SELECT 1 FROM owner_push_subscriptions`)
    expect(left.rows).toHaveLength(0)
  })
})
