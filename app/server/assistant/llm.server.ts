/** The key is never logged or put in an error. */
import { llmSystemPrompt } from './knowledge.server'
import type { LlmConfig } from '../config.server'

export const MAX_LLM_REPLY_CHARS = 1200

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
