import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { site } from '~/content/site'
import { groundedAnswer } from '~/features/assistant/grounded.server'
import { answerMessage, askLlm } from '~/features/assistant/ai-assistant.server'
import { parseRuntimeConfig } from '~/platform/config.server'
import { captureLog } from '../support/log-capture'
import { startHttpStub, type HttpStub } from '../support/http-stub'

const KEY = 'sk-test-secret-key-0123456789'

/** What the endpoint is asked. */
interface Completion {
  model?: string
  messages?: { role: string; content: string }[]
}

/**
 * A local stub of an OpenAI-compatible chat completions endpoint (a paid LLM cannot run here).
 * Its `reply` decides each answer: status, JSON body, or a delay.
 */
let stub: HttpStub
let baseUrl: string

beforeAll(async () => {
  stub = await startHttpStub({ body: {} })
  baseUrl = `${stub.url}/v1`
})
afterAll(() => stub.stop())
afterEach(() => {
  stub.requests.length = 0
  stub.reply = { body: {} }
  vi.restoreAllMocks()
})

const completion = (content: unknown) => ({ choices: [{ index: 0, message: { role: 'assistant', content } }] })
const env = (extra: Record<string, string> = {}) => ({ ASSISTANT_LLM_URL: baseUrl, ASSISTANT_LLM_KEY: KEY, ...extra })
/** As the server has it: the parsed config's slice. */
const llm = (extra: Record<string, string> = {}) => parseRuntimeConfig(env(extra)).assistant.llm

describe('LLM adapter against a local stub of an OpenAI-compatible endpoint', () => {
  test('sends the question with the site knowledge as system context and returns the answer', async () => {
    stub.reply = { body: completion('  We are open every day, 7:00 AM to 7:00 PM.  ') }
    const answer = await answerMessage('When are you open?', llm({ ASSISTANT_LLM_MODEL: 'local-model' }))
    expect(answer).toBe('We are open every day, 7:00 AM to 7:00 PM.')

    expect(stub.requests).toHaveLength(1)
    const call = stub.requests[0]!
    const body = call.body as Completion
    expect(call.path).toBe('/v1/chat/completions')
    expect(call.headers.authorization).toBe(`Bearer ${KEY}`)
    expect(body.model).toBe('local-model')
    const [system, user] = body.messages ?? []
    expect(user).toEqual({ role: 'user', content: 'When are you open?' })
    expect(system?.role).toBe('system')
    for (const fact of [
      site.phone,
      site.email,
      site.hours.label,
      'Citrus Heights',
      'Roof Cleaning',
      '1-2 days',
      'never given online',
    ]) {
      expect(system?.content).toContain(fact)
    }
  })

  test('is not used unless both ASSISTANT_LLM_URL and ASSISTANT_LLM_KEY are set', async () => {
    expect(parseRuntimeConfig({ ASSISTANT_LLM_KEY: KEY }).assistant.llm).toBeNull()
    const urlOnly = parseRuntimeConfig({ ASSISTANT_LLM_URL: baseUrl }).assistant.llm
    const answer = await answerMessage('What are your hours?', urlOnly)
    expect(answer).toBe(groundedAnswer('What are your hours?').text)
    expect(stub.requests).toHaveLength(0)
  })

  test('accepts a base URL or the full chat completions address', () => {
    const url = (ASSISTANT_LLM_URL: string) => llm({ ASSISTANT_LLM_URL })?.url
    expect(url('https://llm.example/v1/')).toBe('https://llm.example/v1/chat/completions')
    expect(url('https://llm.example/v1/chat/completions')).toBe('https://llm.example/v1/chat/completions')
  })

  const failures = [
    { name: 'an HTTP error', set: () => (stub.reply = { status: 500, body: { error: { message: 'upstream down' } } }) },
    { name: 'an answer without message content', set: () => (stub.reply = { body: { choices: [] } }) },
    { name: 'an empty answer', set: () => (stub.reply = { body: completion('   ') }) },
    {
      name: 'a timeout',
      set: () =>
        (stub.reply = () => ({ until: new Promise((late) => setTimeout(late, 400)), body: completion('too late') })),
    },
  ]
  for (const { name, set } of failures) {
    test(`${name} falls back to the grounded answer, and the key is never logged`, async () => {
      set()
      const log = captureLog()
      const config = llm({ ASSISTANT_LLM_TIMEOUT_MS: '100' })
      const answer = await answerMessage('Do you clean gutters?', config).finally(log.restore)
      expect(answer).toBe(groundedAnswer('Do you clean gutters?').text)
      const msg = expect.stringMatching(/answering from the site content/)
      expect(log.records()).toEqual([expect.objectContaining({ level: 'warn', scope: 'assistant', msg })])
      expect(log.text()).not.toContain(KEY)
    })
  }

  test('an error thrown by the adapter never carries the key', async () => {
    stub.reply = { status: 401, body: { error: `invalid key ${KEY}` } }
    const config = llm()!
    const failure = await askLlm('hi', config).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(Error)
    expect(String((failure as Error).message)).toBe('LLM endpoint answered 401')
    expect(JSON.stringify(failure)).not.toContain(KEY)
  })

  test('a very long answer is cut at a sentence end', async () => {
    stub.reply = { body: completion(`${'We clean driveways. '.repeat(100)}`) }
    const answer = await askLlm('Tell me everything', llm()!)
    expect(answer.length).toBeLessThanOrEqual(1200)
    expect(answer.endsWith('.')).toBe(true)
  })
})
