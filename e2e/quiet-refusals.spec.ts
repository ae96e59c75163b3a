// A stranger's guesses cost a line at most, never an error with its stack (docs/decisions/052-hostile-input.md).
import { builtServerFunctions } from '../tests/support/server-functions'
import { siteServerForAll } from './support/site-server'
import { expect, test } from './support/test'

// One server: each test counts its own kind of line, and none may log an error.
const server = siteServerForAll()

// What Start's client sends with every call.
const asStartsClient = { 'Sec-Fetch-Site': 'same-origin', 'x-tsr-serverfn': 'true' }

test('an unknown server function answers 404 and logs no error, however often it is asked', async () => {
  // The first four have no id Start can read: it threw before any middleware, a 500 and a stack each.
  const ids = ['', '/', '?x', '%20', 'abc', 'f'.repeat(64), '..%2F..%2Fetc', 'x'.repeat(500)]
  for (const id of ids) {
    const response = await fetch(`${server.url}/_serverFn/${id}`, { headers: asStartsClient })
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

test("a server function called without the header of Start's client is refused with a 400 and an info line", async () => {
  const functions = builtServerFunctions()
  // One function answers text, one an object: without the header Start took both as raw calls, and text was a 500.
  for (const name of ['issueLeadFormToken', 'fetchReviews']) {
    const url = `${server.url}/_serverFn/${functions.get(name)}`
    const bare = await fetch(url, { headers: { 'Sec-Fetch-Site': 'same-origin' } })
    expect(bare.status, name).toBe(400)
    expect(await bare.json()).toEqual({ success: false, error: 'Bad request' })
    expect((await fetch(url, { headers: asStartsClient })).status, name).toBe(200)
  }
  await expect
    .poll(() => server.records().filter((line) => line.msg === '400 server function called without its header').length)
    .toBe(2)
  expect(server.records().filter((line) => line.level === 'error' || line.level === 'fatal')).toEqual([])
})

test('a server function given a malformed payload or body answers 400 with one info line, public or owner', async () => {
  const functions = builtServerFunctions()
  // Start parsed ?payload= (JSON, then seroval) before any middleware saw it: each was a 500 quoting the parser,
  // and an error line with its stack. Not JSON, JSON seroval refuses, and seroval's answers that are no object.
  const payloads = ['{', 'garbage', '{"t":99}', '{"t":10,"i":0}', 'null', '[1,2]', '{"t":0,"s":1}']
  const asked: [string, RequestInit][] = [
    ...payloads.map((payload): [string, RequestInit] => [`?payload=${encodeURIComponent(payload)}`, {}]),
    // Start read a GET's form data only to throw an invariant for it.
    ['', { headers: { 'Content-Type': 'application/x-www-form-urlencoded' } }],
  ]
  for (const name of ['fetchReviews', 'fetchOwnerLeads']) {
    for (const [search, init] of asked) {
      const headers = { ...asStartsClient, ...init.headers }
      const response = await fetch(`${server.url}/_serverFn/${functions.get(name)}${search}`, { headers })
      expect(response.status, `${name} ${search}`).toBe(400)
      expect(await response.json()).toEqual({ success: false, error: 'Bad request' })
    }
  }
  // A POST's body Start cannot decode, or that decodes to no call, is refused the same way, with the same line.
  const bodies = ['{', 'null', '[', '{"t":0}', '"text"', '{"f":1,"m":[]}']
  const json = { ...asStartsClient, 'Content-Type': 'application/json' }
  for (const name of ['submitLead', 'askAssistant']) {
    for (const body of bodies) {
      const url = `${server.url}/_serverFn/${functions.get(name)}`
      const response = await fetch(url, { method: 'POST', headers: json, body })
      expect(response.status, `${name} ${body}`).toBe(400)
      expect(await response.json()).toEqual({ success: false, error: 'Bad request' })
    }
  }
  const refusals = () => server.records().filter((line) => line.msg === '400 malformed server-function payload')
  await expect.poll(() => refusals().length).toBe(2 * (asked.length + bodies.length))
  expect(new Set(refusals().map((line) => line.level))).toEqual(new Set(['info']))
  expect(server.records().filter((line) => line.level === 'error' || line.level === 'fatal')).toEqual([])
  expect(server.output()).not.toMatch(/^\s+at |Seroval|JSON at position|Invariant/m)
  // Only the payload is refused: asked as Start's client asks, the same functions answer as before.
  const bare = (name: string) => fetch(`${server.url}/_serverFn/${functions.get(name)}`, { headers: asStartsClient })
  expect((await bare('fetchReviews')).status).toBe(200)
  expect((await bare('fetchOwnerLeads')).status).toBe(401)
})
