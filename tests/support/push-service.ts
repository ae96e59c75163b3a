/**
 * A stand-in push service: checks the VAPID JWT (ES256, RFC 8292) against the public key and decrypts the
 * body as the phone would (RFC 8291 aes128gcm), with node:crypto. Tests only.
 */
import { execFileSync } from 'node:child_process'
import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { createServer as createHttpsServer } from 'node:https'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export interface Delivered {
  at: number
  payload: Record<string, unknown>
  plaintext: string
  claims: Record<string, unknown>
}

/** The phone's side of a subscription: its P-256 key pair and auth secret. */
export function phoneKeys() {
  const ecdh = createECDH('prime256v1')
  ecdh.generateKeys()
  return { ecdh, auth: randomBytes(16) }
}

/** The subscription a browser on `phone` would send the site for `endpoint`. */
export function subscriptionOf(phone: PhoneKeys, endpoint: string) {
  return {
    endpoint,
    keys: { p256dh: phone.ecdh.getPublicKey().toString('base64url'), auth: phone.auth.toString('base64url') },
  }
}

function hkdf(salt: Buffer, ikm: Buffer, info: Buffer, length: number): Buffer {
  return Buffer.from(hkdfSync('sha256', ikm, salt, info, length))
}

/** RFC 8291 section 3.4 and RFC 8188, one record. */
export function decryptPush(body: Buffer, phone: PhoneKeys): string {
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
export function checkVapid(header: string | undefined, origin: string, publicKey: string): Record<string, unknown> {
  const match = header?.match(/^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/)
  if (!match) throw new Error(`not a VAPID Authorization header: ${header}`)
  const [, jwt, k] = match
  if (k !== publicKey) throw new Error('k is not our VAPID public key')
  const [head, claims, signature] = jwt!.split('.')
  const raw = Buffer.from(k, 'base64url')
  const [x, y] = [raw.subarray(1, 33), raw.subarray(33)].map((half) => half.toString('base64url'))
  const key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x, y }, format: 'jwk' })
  const signed = Buffer.from(`${head}.${claims}`)
  const ok = verify('sha256', signed, { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature!, 'base64url'))
  if (!ok) throw new Error('VAPID signature does not verify')
  if (JSON.parse(Buffer.from(head!, 'base64url').toString()).alg !== 'ES256') throw new Error('alg is not ES256')
  const body = JSON.parse(Buffer.from(claims!, 'base64url').toString()) as Record<string, unknown>
  if (body.aud !== origin) throw new Error(`aud ${String(body.aud)} is not ${origin}`)
  if (typeof body.exp !== 'number' || body.exp * 1000 < Date.now()) throw new Error('expired JWT')
  return body
}

export type PhoneKeys = ReturnType<typeof phoneKeys>

/** `tls`: serve https with that key and certificate, as real push services do (the site's fetch needs it trusted). */
export async function startPushService(phone: PhoneKeys, vapidPublicKey: string, tls?: { key: string; cert: string }) {
  const delivered: Delivered[] = []
  const refused: string[] = []
  /** When each push was answered 503 while down. */
  const unavailable: number[] = []
  let downUntil = 0
  const handler = (request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      if (Date.now() < downUntil) {
        unavailable.push(Date.now())
        return response.writeHead(503).end()
      }
      try {
        if (request.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm')
        const claims = checkVapid(request.headers.authorization, origin, vapidPublicKey)
        const plaintext = decryptPush(Buffer.concat(chunks), phone)
        delivered.push({ at: Date.now(), plaintext, payload: JSON.parse(plaintext), claims })
        response.writeHead(201).end()
      } catch (error) {
        refused.push(String(error))
        response.writeHead(400).end()
      }
    })
  }
  const server: Server = tls ? createHttpsServer(tls, handler) : createServer(handler)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const origin = `${tls ? 'https' : 'http'}://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
    endpoint: `${origin}/push/phone-1`,
    delivered,
    refused,
    unavailable,
    down(ms: number) {
      downUntil = Date.now() + ms
    },
    up() {
      downUntil = 0
    },
  }
}

/**
 * A certificate for https://127.0.0.1 and the local CA that signed it (`certPath`), trusted through
 * NODE_EXTRA_CA_CERTS (Node) or DENO_CERT (Deno; rustls refuses a self-signed CA as the server's own).
 */
export function localCertificate(): { key: string; cert: string; certPath: string } {
  const dir = mkdtempSync(join(tmpdir(), 'push-tls-'))
  const file = (name: string) => join(dir, name)
  const newKey = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes']
  const openssl = (args: string[]) => execFileSync('openssl', args, { stdio: 'ignore' })
  openssl([
    ...['req', '-x509', ...newKey, '-days', '1', '-keyout', file('ca.key'), '-out', file('ca.pem')],
    ...['-subj', '/CN=Local push test CA'],
  ])
  openssl(['req', '-new', ...newKey, '-keyout', file('key.pem'), '-out', file('leaf.csr'), '-subj', '/CN=127.0.0.1'])
  writeFileSync(file('leaf.ext'), 'subjectAltName=IP:127.0.0.1\nbasicConstraints=CA:FALSE\n')
  openssl([
    ...['x509', '-req', '-in', file('leaf.csr'), '-CA', file('ca.pem'), '-CAkey', file('ca.key')],
    ...['-CAcreateserial', '-days', '1', '-extfile', file('leaf.ext'), '-out', file('cert.pem')],
  ])
  return {
    key: readFileSync(file('key.pem'), 'utf8'),
    cert: readFileSync(file('cert.pem'), 'utf8'),
    certPath: file('ca.pem'),
  }
}
