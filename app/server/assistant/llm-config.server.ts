export interface LlmConfig {
  url: string
  key: string
  model: string
  timeoutMs: number
}

export const DEFAULT_LLM_MODEL = 'gpt-4o-mini'
const DEFAULT_TIMEOUT_MS = 10_000

export function llmConfigFromEnv(env: Record<string, string | undefined>): LlmConfig | null {
  const url = env.ASSISTANT_LLM_URL?.trim()
  const key = env.ASSISTANT_LLM_KEY?.trim()
  if (!url || !key) return null
  const timeout = Number(env.ASSISTANT_LLM_TIMEOUT_MS)
  return {
    url: chatCompletionsUrl(url),
    key,
    model: env.ASSISTANT_LLM_MODEL?.trim() || DEFAULT_LLM_MODEL,
    timeoutMs: Number.isFinite(timeout) && timeout > 0 ? timeout : DEFAULT_TIMEOUT_MS,
  }
}

export function chatCompletionsUrl(url: string): string {
  const trimmed = url.replace(/\/+$/, '')
  return /\/chat\/completions$/.test(trimmed) ? trimmed : `${trimmed}/chat/completions`
}
