import * as v from 'valibot'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { assistant } from '~/content/assistant'
import { ASSISTANT_INPUT_MESSAGES, assistantRequestSchema } from '~/features/assistant/assistant.functions'
import { AssistantRequestError, assistantReply, type AssistantSettings } from '~/features/assistant/ai-assistant.server'
import { Database } from '~/platform/db/database.server'
import { groundedAnswer } from '~/features/assistant/grounded.server'
import { parseRuntimeConfig } from '~/platform/config.server'
import { captureLog } from '../support/log-capture'
import { freshDatabaseUrl, rowsOf, useTempDirs, useTestSites } from '../server/helpers'
import type { TestSite } from '../support/test-site'

const tempDir = useTempDirs()
const openSite = useTestSites()
const onPostgres = Boolean(process.env.TEST_DATABASE_URL)

afterEach(() => vi.restoreAllMocks())

describe('the ai-assistant request', () => {
  test('a message is trimmed', () => {
    expect(v.parse(assistantRequestSchema, { message: '  Do you clean roofs?  ' })).toEqual({
      message: 'Do you clean roofs?',
    })
  })

  test.each([
    ['an empty message', { message: '' }, ASSISTANT_INPUT_MESSAGES.empty],
    ['a whitespace-only message', { message: ' \n\t ' }, ASSISTANT_INPUT_MESSAGES.empty],
    ['a missing message', {}, ASSISTANT_INPUT_MESSAGES.empty],
    ['a message that is not text', { message: 42 }, ASSISTANT_INPUT_MESSAGES.empty],
    ['a message over 500 characters', { message: 'a'.repeat(501) }, ASSISTANT_INPUT_MESSAGES.tooLong],
  ])('%s is refused with a clear message', (_, input, message) => {
    const result = v.safeParse(assistantRequestSchema, input)
    expect(result.success).toBe(false)
    expect(result.issues?.[0]?.message).toBe(message)
  })

  test('a message of exactly 500 characters is accepted', () => {
    expect(assistant.maxMessageLength).toBe(500)
    expect(v.safeParse(assistantRequestSchema, { message: 'a'.repeat(500) }).success).toBe(true)
  })
})

/** The assistant on `site`'s database and limits, with these settings. */
const assistantOn = (site: Pick<TestSite, 'db'>, settings: AssistantSettings) => ({
  reply: (message: string, visitor: { ip: string }) => assistantReply(site.db, message, visitor, settings),
})

/** The assistant on `site`'s limits, answering "ok" to everything. */
const answeringOk = (site: TestSite) => assistantOn(site, { config: site.config.assistant, answer: async () => 'ok' })

/** The site's own limits, on a database that is never opened. */
const unopened = async () => ({ db: new Database({ dataDir: await tempDir() }) })
const defaults = parseRuntimeConfig({}).assistant

describe('the assistant service', { timeout: 90_000 }, () => {
  test('without an LLM it answers from the site content', async () => {
    // Closed: had the service asked the database (no address, no limit to count), it would have failed.
    const closed = await unopened()
    await closed.db.close()
    const service = assistantOn(closed, { config: defaults })
    expect(await service.reply('What are your hours?', { ip: '' })).toEqual({
      response: groundedAnswer('What are your hours?').text,
    })
  })

  test('one IP gets 20 messages per 5 minutes, counted in the database, then 429 until the window has passed', async () => {
    const site = await openSite()
    // Opened first, so that no reply's time limit runs while the database starts.
    await site.db.ready()
    const service = answeringOk(site)
    for (let i = 0; i < 20; i++)
      await expect(service.reply('hi', { ip: '203.0.113.7' })).resolves.toEqual({ response: 'ok' })
    const limited = await service.reply('hi', { ip: '203.0.113.7' }).catch((error: unknown) => error)
    expect(limited).toMatchObject({ status: 429, retryAfterSeconds: expect.any(Number) })
    expect((limited as AssistantRequestError).retryAfterSeconds).toBeGreaterThan(290)
    expect((limited as AssistantRequestError).retryAfterSeconds).toBeLessThanOrEqual(300)
    // Another visitor is not affected.
    await expect(service.reply('hi', { ip: '203.0.113.8' })).resolves.toEqual({ response: 'ok' })
    await rowsOf(site, `UPDATE rate_limit_hits SET hit_at = hit_at - interval '5 minutes' WHERE bucket = 'assistant'`)
    await expect(service.reply('hi', { ip: '203.0.113.7' })).resolves.toEqual({ response: 'ok' })
  })

  test.skipIf(!onPostgres)('on PostgreSQL only: two instances on one database share one limit', async () => {
    const databaseUrl = await freshDatabaseUrl()
    const instances = [await openSite({}, { databaseUrl }), await openSite({}, { databaseUrl })]
    for (const site of instances) await site.db.ready()
    const services = instances.map(answeringOk)
    for (let i = 0; i < 20; i++) await services[i % 2]!.reply('hi', { ip: '203.0.113.9' })
    for (const service of services)
      await expect(service.reply('hi', { ip: '203.0.113.9' })).rejects.toMatchObject({ status: 429 })
  })

  test('an answer slower than the time limit fails with 504 and is logged', async () => {
    const log = captureLog()
    const service = assistantOn(await unopened(), {
      config: defaults,
      timeoutMs: 50,
      answer: () => new Promise((resolve) => setTimeout(() => resolve('late'), 500)),
    })
    await expect(service.reply('hi', { ip: '' }))
      .rejects.toMatchObject({ status: 504 })
      .finally(log.restore)
    expect(log.records().filter((line) => line.level === 'error')).not.toEqual([])
  })

  test('an adapter failure becomes a 502 and is logged', async () => {
    const log = captureLog()
    const service = assistantOn(await unopened(), {
      config: defaults,
      answer: async () => Promise.reject(new Error('socket hang up')),
    })
    const failure = await service
      .reply('hi', { ip: '' })
      .catch((e: unknown) => e)
      .finally(log.restore)
    expect(failure).toBeInstanceOf(AssistantRequestError)
    expect(failure).toMatchObject({ status: 502 })
    expect(log.records()[0]).toMatchObject({ level: 'error', err: { message: 'socket hang up' } })
  })

  // The fallback reply, word for word with the real phone number: e2e/chat.spec.ts.
})
