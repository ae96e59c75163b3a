// A stranger's guesses cost a line at most, never an error with its stack (docs/decisions/052-hostile-input.md).
import { startSiteServer } from './support/site-server'
import { expect, test } from './support/test'

test('an unknown server function answers 404 and logs no error, however often it is asked', async () => {
  const server = await startSiteServer()
  // The first four have no id Start can read: it threw before any middleware, a 500 and a stack each.
  const ids = ['', '/', '?x', '%20', 'abc', 'f'.repeat(64), '..%2F..%2Fetc', 'x'.repeat(500)]
  for (const id of ids) {
    const response = await fetch(`${server.url}/_serverFn/${id}`, { headers: { 'Sec-Fetch-Site': 'same-origin' } })
    expect(response.status, id).toBe(404)
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(await response.text()).not.toMatch(/not found for|\bat \w/)
  }
  // The positive signal first: each refusal wrote its own info line.
  await expect
    .poll(() => server.records().filter((line) => line.msg === '404 unknown server function').length)
    .toBe(ids.length)
  const loud = server.records().filter((line) => line.level === 'error' || line.level === 'fatal')
  expect(loud).toEqual([])
  expect(server.output()).not.toMatch(/^\s+at /m)
})
