import { rawRequest } from './support/raw-request'
import { expect, test } from './support/test'

const FIVE_MEGABYTES = 'x'.repeat(5 * 1024 * 1024)

/** A raw form POST: the server may answer before the body is sent. */
function post(base: string, path: string, body: string, headers: Record<string, string> = {}) {
  const form = { Origin: base, 'Content-Type': 'application/x-www-form-urlencoded' }
  return rawRequest(new URL(path, base), { headers: { ...form, ...headers }, body })
}

test('a page that takes no form refuses a 5 MB POST with 405 and says which methods it takes', async ({ baseURL }) => {
  for (const path of ['/', '/contact', '/services', '/no-such-page']) {
    const answer = await post(baseURL!, path, FIVE_MEGABYTES)
    expect(answer.status, path).toBe(405)
    expect(answer.headers.allow, path).toBe('GET, HEAD')
    expect(answer.body, path).toBe('Method not allowed\n')
  }
})

// That it takes a POST at all: lead-form.spec.ts, "the form posted by Enter, then again...".
test('the no-JavaScript quote form refuses a 5 MB body with its own 413', async ({ baseURL }) => {
  const tooLarge = await post(baseURL!, '/quote-request', FIVE_MEGABYTES)
  expect(tooLarge.status).toBe(413)
  expect(tooLarge.body).toBe('Request too large')
})
