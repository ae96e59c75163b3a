/** Optional OpenAI-compatible LLM adapter. The key is never logged or put in an error. */
import { llmSystemPrompt } from './knowledge.server'

export interface LlmConfig {
  url: string
  key: string
  model: string
  timeoutMs: number
}

export type AssistantEnv = Record<string, string | undefined>

const DEFAULT_MODEL = 'gpt-4o-mini'
const DEFAULT_TIMEOUT_MS = 10_000
/** A longer reply is cut at a sentence end. */
export const MAX_LLM_REPLY_CHARS = 1200

export function llmConfigFromEnv(env: AssistantEnv): LlmConfig | null {
  const url = env.ASSISTANT_LLM_URL?.trim()
  const key = env.ASSISTANT_LLM_KEY?.trim()
  if (!url || !key) return null
  const timeout = Number(env.ASSISTANT_LLM_TIMEOUT_MS)
  return {
    url: chatCompletionsUrl(url),
    key,
    model: env.ASSISTANT_LLM_MODEL?.trim() || DEFAULT_MODEL,
    timeoutMs: Number.isFinite(timeout) && timeout > 0 ? timeout : DEFAULT_TIMEOUT_MS,
  }
}

/** ".../v1" -> ".../v1/chat/completions"; a full address is kept. */
export function chatCompletionsUrl(url: string): string {
  const trimmed = url.replace(/\/+$/, '')
  return /\/chat\/completions$/.test(trimmed) ? trimmed : `${trimmed}/chat/completions`
}

export class LlmError extends Error {
  override readonly name = 'LlmError'
}

function clip(reply: string): string {
  if (reply.length <= MAX_LLM_REPLY_CHARS) return reply
  const cut = reply.slice(0, MAX_LLM_REPLY_CHARS)
  const end = cut.lastIndexOf('. ')
  return end > 200 ? cut.slice(0, end + 1) : `${cut.trimEnd()}…`
}

export async function askLlm(message: string, config: LlmConfig, fetchImpl: typeof fetch = fetch): Promise<string> {
  let response: Response
  try {
    response = await fetchImpl(config.url, {
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
    })
  } catch (error) {
    const reason =
      error instanceof Error && error.name === 'TimeoutError'
        ? `timed out after ${config.timeoutMs} ms`
        : 'request failed'
    throw new LlmError(`LLM ${reason}`)
  }
  if (!response.ok) throw new LlmError(`LLM endpoint answered ${response.status}`)
  let payload: unknown
  try {
    payload = await response.json()
  } catch {
    throw new LlmError('LLM answer was not JSON')
  }
  const content = (payload as { choices?: { message?: { content?: unknown } }[] } | null)?.choices?.[0]?.message
    ?.content
  if (typeof content !== 'string' || !content.trim()) throw new LlmError('LLM answer had no message content')
  return clip(content.trim())
}
