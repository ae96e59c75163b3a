import * as v from 'valibot'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { assistant } from '~/content/assistant'
import { site } from '~/content/site'
import { ASSISTANT_INPUT_MESSAGES, assistantRequestSchema } from '~/lib/assistant.functions'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createBackend } from '~/server/backend/backend-factory.server'
import { AssistantRequestError, askAssistant, createAssistantService } from '~/server/assistant/ask.server'
import { answerGrounded } from '~/server/assistant/grounded.server'
import { captureLog } from '../support/log-capture'
import { parseRuntimeConfig } from '~/server/config.server'

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
    [
      'a message over 500 characters',
      { message: 'a'.repeat(assistant.maxMessageLength + 1) },
      ASSISTANT_INPUT_MESSAGES.tooLong,
    ],
  ])('%s is refused with a clear message', (_, input, message) => {
    const result = v.safeParse(assistantRequestSchema, input)
    expect(result.success).toBe(false)
    expect(result.issues?.[0]?.message).toBe(message)
  })

  test('a message of exactly 500 characters is accepted', () => {
    expect(v.safeParse(assistantRequestSchema, { message: 'a'.repeat(assistant.maxMessageLength) }).success).toBe(true)
  })
})

describe('the assistant service', () => {
  test('without Supabase settings the backend port answers with the embedded (grounded) assistant', async () => {
    const backend = createBackend(parseRuntimeConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'ask-')) }))
    try {
      expect(backend.kind).toBe('embedded')
      expect(await askAssistant('What are your hours?', backend)).toBe(answerGrounded('What are your hours?'))
    } finally {
      await backend.close()
    }
  })

  test('one IP gets 20 messages per 5 minutes, then 429 until the window has passed', async () => {
    let now = 0
    const service = createAssistantService({ now: () => now, ask: async () => 'ok' })
    for (let i = 0; i < 20; i++)
      await expect(service.reply('hi', { ip: '203.0.113.7' })).resolves.toEqual({ response: 'ok' })
    await expect(service.reply('hi', { ip: '203.0.113.7' })).rejects.toMatchObject({ status: 429 })
    // Another visitor is not affected.
    await expect(service.reply('hi', { ip: '203.0.113.8' })).resolves.toEqual({ response: 'ok' })
    now += 5 * 60_000
    await expect(service.reply('hi', { ip: '203.0.113.7' })).resolves.toEqual({ response: 'ok' })
  })

  test('an answer slower than the time limit fails with 504 and is logged', async () => {
    const log = captureLog()
    const service = createAssistantService({
      timeoutMs: 50,
      ask: () => new Promise((resolve) => setTimeout(() => resolve('late'), 500)),
    })
    await expect(service.reply('hi', { ip: '' }))
      .rejects.toMatchObject({ status: 504 })
      .finally(log.restore)
    expect(log.records().filter((line) => line.level === 'error')).not.toEqual([])
  })

  test('an adapter failure becomes a 502 and is logged', async () => {
    const log = captureLog()
    const service = createAssistantService({ ask: async () => Promise.reject(new Error('socket hang up')) })
    const failure = await service
      .reply('hi', { ip: '' })
      .catch((e: unknown) => e)
      .finally(log.restore)
    expect(failure).toBeInstanceOf(AssistantRequestError)
    expect(failure).toMatchObject({ status: 502 })
    expect(log.records()[0]).toMatchObject({ level: 'error', err: { message: 'socket hang up' } })
  })

  test('the fallback reply is the product text with the real phone number', () => {
    expect(assistant.fallback).toBe(
      `I'm sorry, I'm having trouble responding right now. Please call us directly at ${site.phone} for immediate assistance with your pressure washing needs!`,
    )
  })
})
