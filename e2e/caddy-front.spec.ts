import { createServer, request as httpRequest, type Server } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from '../tests/support/free-port'
import { hasCaddy, startCaddy, type CaddyFront } from './support/caddy'
import { observatoryScan } from './support/observatory'
import { siteServerForAll, startSiteWhileReviewsWait } from './support/site-server'
import { expect, test } from './support/test'
import { contact, SENT_LOCATION } from './support/lead-form'

// The production server behind Debian's caddy, configured by deploy/Caddyfile as docs/deploy.md shows.
test.skip(!hasCaddy(), 'caddy is not installed: apt-get install -y caddy (npm test installs it)')
test.describe.configure({ mode: 'serial' })

const site = siteServerForAll({ TRUST_PROXY: 'loopback', QUOTE_RATE_LIMIT: '2' })
let front: CaddyFront
test.beforeAll(async () => (front = await startCaddy(new URL(site.url).host)))
test.afterAll(async () => front?.stop())

interface Answer {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: Buffer
}

interface Sent {
  method?: string
  headers?: Record<string, string>
  body?: string
  from?: string
  https?: boolean
  /** Another front than the shared one. */
  to?: CaddyFront
  /** Called as each part of the answer arrives, with all of it so far. */
  onChunk?: (received: Buffer) => void
}

/** To 127.0.0.1 as `localhost` (its certificate's name), from a chosen local address. */
function send(path: string, { method, headers = {}, body, from, https = true, to = front, onChunk }: Sent = {}) {
  return new Promise<Answer>((resolve, reject) => {
    const port = https ? to.httpsPort : to.httpPort
    const options = {
      host: '127.0.0.1',
      port,
      path,
      method,
      localAddress: from,
      servername: to.host,
      ca: to.rootCertificate,
      headers: {
        Host: `${to.host}:${port}`,
        ...(body === undefined ? {} : { 'Content-Length': String(Buffer.byteLength(body)) }),
        ...headers,
      },
    }
    const request = (https ? httpsRequest : httpRequest)(options, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => {
        chunks.push(chunk)
        onChunk?.(Buffer.concat(chunks))
      })
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      )
    })
    request.on('error', reject)
    request.end(body)
  })
}

const origin = () => `https://${front.host}:${front.httpsPort}`

test('plain HTTP is sent to HTTPS for good, and every HTTPS answer carries HSTS', async () => {
  const plain = await send('/contact?x=1', { https: false })
  expect([301, 308]).toContain(plain.status)
  expect(plain.headers.location).toBe(`${origin()}/contact?x=1`)

  for (const path of ['/', '/robots.txt']) {
    const secure = await send(path)
    expect(secure.status, path).toBe(200)
    expect(secure.headers['strict-transport-security'], path).toBe('max-age=63072000; includeSubDomains')
  }
})

test('pages arrive compressed through the front', async () => {
  const page = await send('/', { headers: { 'Accept-Encoding': 'gzip, br' } })
  expect(page.status).toBe(200)
  expect(['br', 'gzip']).toContain(page.headers['content-encoding'])
  const robots = await send('/robots.txt', { headers: { 'Accept-Encoding': 'gzip' } })
  expect(robots.headers['content-encoding']).toBe('gzip')
})

test("the no-JavaScript quote form is accepted through the front, and the rate limit counts the visitor's real address, whatever X-Forwarded-For the visitor sends", async () => {
  const contactPage = (await send('/contact')).body.toString()
  const token = contactPage.match(/name="formToken" value="([^"]+)"/)?.[1]
  expect(token).toBeTruthy()
  const quote = (from: string, i: number, formToken?: string) =>
    send('/quote-request', {
      method: 'POST',
      from,
      headers: {
        Origin: origin(),
        'Content-Type': 'application/x-www-form-urlencoded',
        'X-Forwarded-For': `198.51.100.${i}`,
      },
      body: new URLSearchParams({
        ...contact(`Limit${i}`, '9165550101'),
        ...(formToken && { formToken }),
      }).toString(),
    }).then((answer) => Number(answer.status === 303 && SENT_LOCATION.test(String(answer.headers.location ?? ''))))
  // The first carries the token of the form as the front served it.
  const rotating = [await quote('127.0.0.2', 1, token)]
  for (let i = 2; i <= 4; i++) rotating.push(await quote('127.0.0.2', i))
  expect(rotating).toEqual([1, 1, 0, 0])
  expect(await quote('127.0.0.3', 9)).toBe(1)
})

test('Mozilla HTTP Observatory grades the front A+', async () => {
  test.setTimeout(180_000)
  const caFolder = mkdtempSync(join(tmpdir(), 'caddy-ca-'))
  const caFile = join(caFolder, 'root.crt')
  writeFileSync(caFile, front.rootCertificate)
  const result = observatoryScan(front.host, front.httpPort, front.httpsPort, caFile)
  rmSync(caFolder, { recursive: true, force: true })
  test.info().annotations.push({ type: 'observatory', description: `${result.grade} (${result.score})` })
  console.log(`Observatory: ${result.grade} (${result.score})`)
  expect(result.failed, JSON.stringify(result)).toEqual([])
  expect(result.grade, JSON.stringify(result)).toBe('A+')
})

// A stand-in upstream (a local stub, not the site) that sends its first bytes, and the rest only once they came
// through the front (or 10 s later, when a front that waits for the end has held them).
test('the front passes a streamed page on as it comes, not when it ends (stub upstream)', async () => {
  let firstBytesThrough = () => {}
  let restSent = false
  const stub: Server = createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
    response.write(`<!doctype html><title>stream</title><p>first${' '.repeat(2048)}`)
    void new Promise<void>((through) => {
      firstBytesThrough = through
      setTimeout(through, 10_000).unref()
    }).then(() => {
      restSent = true
      response.end('<p>last</p>')
    })
  })
  const port = await freePort()
  await new Promise<void>((done) => stub.listen(port, '127.0.0.1', done))
  const streamed = await startCaddy(`127.0.0.1:${port}`)
  try {
    for (const encoding of ['identity', 'gzip']) {
      let beforeTheRest: boolean | undefined
      restSent = false
      const answer = await send('/', {
        to: streamed,
        headers: { 'Accept-Encoding': encoding },
        onChunk: () => {
          beforeTheRest ??= !restSent
          firstBytesThrough()
        },
      })
      expect(answer.status, encoding).toBe(200)
      expect(beforeTheRest, encoding).toBe(true)
    }
  } finally {
    await streamed.stop()
    stub.close()
  }
})

test('a first visit to /reviews arrives through the front before its slow reviews do (Google stood in for)', async () => {
  const review = { author: 'Dana K.', rating: 5, text: 'Driveway looks new.', date: '2025-05-02' }
  const slowSite = await startSiteWhileReviewsWait([review])
  const slowFront = await startCaddy(new URL(slowSite.url).host)
  try {
    const answer = await send('/reviews', {
      to: slowFront,
      headers: {
        'Accept-Encoding': 'identity',
        'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/142.0.0.0 Safari/537.36',
      },
      // The reviews' place came through while Google had not answered: let it answer now.
      onChunk: (received) => {
        if (received.includes('Loading reviews…')) slowSite.release()
      },
    })
    const text = answer.body.toString('utf8')
    const placeholder = text.indexOf('Loading reviews…')
    expect(placeholder).toBeGreaterThan(0)
    expect(text.indexOf(review.text)).toBeGreaterThan(placeholder)
  } finally {
    await slowFront.stop()
    await slowSite.stop()
  }
})
