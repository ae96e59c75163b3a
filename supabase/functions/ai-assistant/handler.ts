// ai-assistant (docs/product.md#calls-to-the-backend), with the site's own engine: a generated copy of
// app/server/assistant/answer.server.ts (docs/decisions/006-edge-functions-shared-code.md).
import { assistant } from '../_shared/app/content/assistant.ts'
import { answerWithEmbeddedAssistant } from '../_shared/app/server/assistant/answer.server.ts'
import { llmConfigFromEnv } from '../_shared/app/server/assistant/llm-config.server.ts'
import { getDb } from '../_shared/db.ts'
import { env } from '../_shared/env.ts'
import { BodyError, gate, json, readJson } from '../_shared/http.ts'
import { installRedactingConsole, log } from '../_shared/log.ts'
import { checkRateLimit } from '../_shared/rate-limit.ts'

installRedactingConsole()

export const INPUT_MESSAGES = {
  empty: 'Please type a message.',
  tooLong: `Messages can be at most ${assistant.maxMessageLength} characters.`,
  tooMany: 'Too many messages. Please wait a few minutes or call us.',
} as const

const LLM_SETTINGS = [
  'ASSISTANT_LLM_URL',
  'ASSISTANT_LLM_KEY',
  'ASSISTANT_LLM_MODEL',
  'ASSISTANT_LLM_TIMEOUT_MS',
] as const

function assistantEnv(): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {}
  for (const name of LLM_SETTINGS) out[name] = env(name)
  return out
}

export async function handler(req: Request): Promise<Response> {
  const early = gate(req)
  if (early) return early
  let body: unknown
  try {
    body = await readJson(req, 8_000)
  } catch (error) {
    return json(req, 400, {
      error:
        error instanceof BodyError && error.message.includes('large') ? INPUT_MESSAGES.tooLong : INPUT_MESSAGES.empty,
    })
  }
  const raw = body && typeof body === 'object' ? (body as { message?: unknown }).message : undefined
  if (typeof raw !== 'string' || !raw.trim()) return json(req, 400, { error: INPUT_MESSAGES.empty })
  const message = raw.trim()
  if (message.length > assistant.maxMessageLength) return json(req, 400, { error: INPUT_MESSAGES.tooLong })
  const verdict = await checkRateLimit(req, 'chat', getDb)
  if (verdict.limited) {
    const res = json(req, 429, { error: INPUT_MESSAGES.tooMany })
    res.headers.set('Retry-After', String(verdict.retryAfterSeconds))
    return res
  }
  try {
    const response = await answerWithEmbeddedAssistant(message, llmConfigFromEnv(assistantEnv()))
    return json(req, 200, { response })
  } catch (error) {
    log.error('[ai-assistant] no reply:', error)
    return json(req, 500, { error: 'The assistant failed to answer' })
  }
}
