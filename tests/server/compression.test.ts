import { brotliDecompressSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { finalizeResponse, MIN_COMPRESSED_BYTES } from '../../app/platform/http/http.server'
import { getRouter } from '../../app/router'

const browser = { 'Accept-Encoding': 'gzip, deflate, br, zstd' }

function serverFnRequest() {
  return new Request('http://localhost/_serverFn/quote', { method: 'POST', headers: browser })
}

/** As Start answers a server function: JSON bytes in a stream, no stated length. */
function jsonAnswer(value: unknown) {
  return new Response(new TextEncoder().encode(JSON.stringify(value)), {
    headers: { 'Content-Type': 'application/json' },
  })
}

describe('compression of answers', () => {
  it('sends the small JSON answer to a quote request as it is, with its length, to a browser that takes br', async () => {
    const response = await finalizeResponse(serverFnRequest(), jsonAnswer({ success: true }))

    expect(response.headers.get('Content-Encoding')).toBeNull()
    expect(response.headers.get('Content-Length')).toBe(String('{"success":true}'.length))
    expect(response.headers.get('Cache-Control')).toBe('no-store')
    expect(await response.json()).toEqual({ success: true })
  })

  it('still compresses a JSON answer larger than the threshold, and it decodes to the same value', async () => {
    const value = { reviews: Array.from({ length: 40 }, (_, i) => `Review ${i}: the driveway looks new again.`) }
    expect(JSON.stringify(value).length).toBeGreaterThan(MIN_COMPRESSED_BYTES)

    const response = await finalizeResponse(serverFnRequest(), jsonAnswer(value))

    expect(response.headers.get('Content-Encoding')).toBe('br')
    const bytes = Buffer.from(await response.arrayBuffer())
    expect(bytes.length).toBeLessThan(JSON.stringify(value).length)
    expect(JSON.parse(brotliDecompressSync(bytes).toString('utf8'))).toEqual(value)
  })

  it('sends a text file with a small stated length as it is', async () => {
    const body = 'User-agent: *\nAllow: /\n'
    const response = await finalizeResponse(
      new Request('http://localhost/robots.txt', { headers: browser }),
      new Response(body, { headers: { 'Content-Type': 'text/plain', 'Content-Length': String(body.length) } }),
    )

    expect(response.headers.get('Content-Encoding')).toBeNull()
    expect(await response.text()).toBe(body)
  })

  it('sends robots.txt, the sitemap and the web manifest, as their routes answer them, with nosniff', async () => {
    for (const path of ['/robots.txt', '/sitemap.xml', '/site.webmanifest']) {
      const route = Object.values(getRouter().routesById).find((each) => each.fullPath === path)
      const answer = (await route?.options.server?.handlers?.GET?.()) as Response
      const response = await finalizeResponse(new Request(`http://localhost${path}`, { headers: browser }), answer)
      expect([response.status, response.headers.get('X-Content-Type-Options')], path).toEqual([200, 'nosniff'])
    }
  })
})
