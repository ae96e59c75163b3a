import { answerGrounded } from './grounded.server'
import { askLlm, type LlmConfig } from './llm.server'

export interface EmbeddedAssistantOptions {
  fetch?: typeof fetch
  /** The Edge Function (a copy of this file) keeps the console. */
  warn?: (message: string) => void
}

export async function answerWithEmbeddedAssistant(
  message: string,
  llm: LlmConfig | null,
  options: EmbeddedAssistantOptions = {},
): Promise<string> {
  if (llm) {
    try {
      return await askLlm(message, llm, options.fetch)
    } catch (error) {
      const warn = options.warn ?? ((message: string) => console.warn(`[assistant] ${message}`))
      warn(`${error instanceof Error ? error.message : 'LLM failed'}; answering from the site content instead`)
    }
  }
  return answerGrounded(message)
}
