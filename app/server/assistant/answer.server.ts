import { answerGrounded } from './grounded.server'
import { askLlm, llmConfigFromEnv, type AssistantEnv } from './llm.server'

export interface EmbeddedAssistantOptions {
  /** fetch used for the LLM call (tests). */
  fetch?: typeof fetch
}

/**
 * The embedded assistant (no hosted backend needed): the LLM when ASSISTANT_LLM_URL and
 * ASSISTANT_LLM_KEY are set, otherwise, or when the LLM fails, the grounded assistant that answers
 * from the site's content.
 */
export async function answerWithEmbeddedAssistant(
  message: string,
  env: AssistantEnv,
  options: EmbeddedAssistantOptions = {},
): Promise<string> {
  const llm = llmConfigFromEnv(env)
  if (llm) {
    try {
      return await askLlm(message, llm, options.fetch)
    } catch (error) {
      console.warn(
        `[assistant] ${error instanceof Error ? error.message : 'LLM failed'}; answering from the site content instead`,
      )
    }
  }
  return answerGrounded(message)
}
