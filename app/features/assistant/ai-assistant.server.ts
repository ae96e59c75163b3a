// ai-assistant (docs/product.md, "Calls to the backend"): the chat's reply, grounded in app/content/ and, with
// ASSISTANT_LLM_URL and ASSISTANT_LLM_KEY, phrased by an OpenAI-compatible model; limited per visitor.
import type { LlmConfig, RuntimeConfig } from '../../platform/config.server'
import { limitVisitor } from '../../platform/http/rate-limit.server'
import { log } from '../../platform/log/logger.server'
import { groundedAnswer } from './grounded.server'
import type { Db } from '../../platform/db/database.server'
import { typicalPrices } from '../prices/index.server'
import { llmSystemPrompt } from './knowledge.server'

export class AssistantRequestError extends Error {
  override readonly name = 'AssistantRequestError'
  constructor(
    message: string,
    readonly status: number,
    readonly retryAfterSeconds?: number,
  ) {
    super(message)
  }
}

const ASSISTANT_TIMEOUT_MS = 15_000
const MAX_LLM_REPLY_CHARS = 1200

function clip(reply: string): string {
  if (reply.length <= MAX_LLM_REPLY_CHARS) return reply
  const cut = reply.slice(0, MAX_LLM_REPLY_CHARS)
  const end = cut.lastIndexOf('. ')
  return end > 200 ? cut.slice(0, end + 1) : `${cut.trimEnd()}…`
}

/** The model's reply; its key is never logged or put in an error. */
export async function askLlm(message: string, config: LlmConfig): Promise<string> {
  const response = await fetch(config.url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${config.key}` },
    body: JSON.stringify({
      model: config.model,
      temperature: 0.2,
      max_tokens: 350,
      messages: [
        { role: 'system', content: llmSystemPrompt() },
        { role: 'user', content: message },
      ],
    }),
    signal: AbortSignal.timeout(config.timeoutMs),
  }).catch((error: unknown) => {
    const timedOut = error instanceof Error && error.name === 'TimeoutError'
    throw new Error(`LLM ${timedOut ? `timed out after ${config.timeoutMs} ms` : 'request failed'}`)
  })
  if (!response.ok) throw new Error(`LLM endpoint answered ${response.status}`)
  const payload: unknown = await response.json().catch(() => {
    throw new Error('LLM answer was not JSON')
  })
  const content = (payload as { choices?: { message?: { content?: unknown } }[] } | null)?.choices?.[0]?.message
    ?.content
  if (typeof content !== 'string' || !content.trim()) throw new Error('LLM answer had no message content')
  return clip(content.trim())
}
const TOO_MANY = 'Too many messages. Please wait a few minutes or call us.'

/**
 * The model's answer when one is set and answers, else the site's own. A typical price is always the site's own
 * words: the figures are the owner's, never a model's phrasing of them (decision 057).
 */
export async function answerMessage(message: string, llm: LlmConfig | null, db?: Db) {
  const prices = db ? await typicalPrices(db).catch(() => ({})) : {}
  const grounded = groundedAnswer(message, prices)
  if (grounded.topics.some((topic) => topic.startsWith('price:'))) return grounded.text
  if (llm) {
    try {
      return await askLlm(message, llm)
    } catch (error) {
      log('assistant').warn(`${(error as Error).message}; answering from the site content instead`)
    }
  }
  return grounded.text
}

export interface AssistantSettings {
  config: RuntimeConfig['assistant']
  timeoutMs?: number
  /** Tests: another answerer. */
  answer?: (message: string) => Promise<string>
}

/** The reply to one visitor's message, within the visitor's limit and the time limit. */
export async function assistantReply(
  db: Db,
  message: string,
  { ip }: { ip: string },
  settings: AssistantSettings,
): Promise<{ response: string }> {
  const { config, timeoutMs = ASSISTANT_TIMEOUT_MS } = settings
  const answer = settings.answer ?? ((question: string) => answerMessage(question, config.llm, db))
  const limit = { count: config.rateLimit, windowMs: config.rateWindowMs }
  let timer: ReturnType<typeof setTimeout> | undefined
  const tooSlow = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new AssistantRequestError('The assistant took too long to answer', 504)), timeoutMs)
  })
  // The limit's check is inside the time limit too: a database that hangs is bounded as a model is.
  const work = (async () => {
    const retryAfterSeconds = await limitVisitor(db, 'assistant', ip.trim(), limit)
    if (retryAfterSeconds > 0) throw new AssistantRequestError(TOO_MANY, 429, retryAfterSeconds)
    return answer(message)
  })()
  try {
    return { response: await Promise.race([work, tooSlow]) }
  } catch (error) {
    if (error instanceof AssistantRequestError && error.status === 429) throw error
    log('assistant').error({ err: error }, 'no reply')
    throw error instanceof AssistantRequestError
      ? error
      : new AssistantRequestError('The assistant failed to answer', 502)
  } finally {
    clearTimeout(timer)
  }
}
