/** The chat use case: rate limit, time limit, then the backend port answers. Failures carry an HTTP status. */
import { getBackend, type Backend } from '../backend/backend.server'
import { runtimeConfig } from '../config.server'
import { createSlidingWindowLimiter } from '../http/rate-limit.server'
import { log } from '../log/logger.server'

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

export const ASSISTANT_TIMEOUT_MS = 15_000

export function askAssistant(message: string, backend: Pick<Backend, 'askAssistant'> = getBackend()): Promise<string> {
  return backend.askAssistant(message)
}

export interface AssistantServiceOptions {
  /** Per IP per window; 0 or less disables the limit. */
  rateLimit?: number
  rateWindowMs?: number
  timeoutMs?: number
  now?: () => number
  ask?: (message: string) => Promise<string>
}

export interface AssistantService {
  reply(message: string, meta: { ip: string }): Promise<{ response: string }>
  resetRateLimits(): void
}

export function createAssistantService(options: AssistantServiceOptions = {}): AssistantService {
  const limiter = createSlidingWindowLimiter(
    options.rateLimit ?? 20,
    options.rateWindowMs ?? 5 * 60_000,
    options.now ?? Date.now,
  )
  const timeoutMs = options.timeoutMs ?? ASSISTANT_TIMEOUT_MS
  const ask = options.ask ?? ((message: string) => askAssistant(message))

  return {
    async reply(message, meta) {
      const ip = meta.ip.trim()
      if (ip && !limiter.hit(ip)) {
        throw new AssistantRequestError(
          'Too many messages. Please wait a few minutes or call us.',
          429,
          limiter.retryAfterSeconds(ip),
        )
      }
      let timer: ReturnType<typeof setTimeout> | undefined
      const tooSlow = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new AssistantRequestError('The assistant took too long to answer', 504)),
          timeoutMs,
        )
      })
      try {
        const response = await Promise.race([ask(message), tooSlow])
        return { response }
      } catch (error) {
        log('assistant').error({ err: error }, 'no reply')
        throw error instanceof AssistantRequestError
          ? error
          : new AssistantRequestError('The assistant failed to answer', 502)
      } finally {
        clearTimeout(timer)
      }
    },
    resetRateLimits: () => limiter.reset(),
  }
}

let defaultService: AssistantService | undefined

export function getAssistantService(): AssistantService {
  defaultService ??= createAssistantService(runtimeConfig().assistant)
  return defaultService
}
