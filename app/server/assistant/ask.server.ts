import { RateLimitedError, type Backend, type VisitorLimit } from '../backend/backend.server'
import { getBackend } from '../backend/backend-factory.server'
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

export function askAssistant(
  message: string,
  backend: Pick<Backend, 'askAssistant'> = getBackend(),
  limit?: VisitorLimit,
): Promise<string> {
  return backend.askAssistant(message, limit)
}

export interface AssistantServiceOptions {
  /** 0 or less: no limit. */
  rateLimit?: number
  rateWindowMs?: number
  timeoutMs?: number
  now?: () => number
  ask?: (message: string, limit?: VisitorLimit) => Promise<string>
  /** `ask` counts the limit where every instance sees it. */
  sharedRateLimits?: () => boolean
}

export interface AssistantService {
  reply(message: string, meta: { ip: string }): Promise<{ response: string }>
  resetRateLimits(): void
}

const TOO_MANY = 'Too many messages. Please wait a few minutes or call us.'

export function createAssistantService(options: AssistantServiceOptions = {}): AssistantService {
  const rateLimit = options.rateLimit ?? 20
  const rateWindowMs = options.rateWindowMs ?? 5 * 60_000
  const limiter = createSlidingWindowLimiter(rateLimit, rateWindowMs, options.now ?? Date.now)
  const timeoutMs = options.timeoutMs ?? ASSISTANT_TIMEOUT_MS
  const ask = options.ask ?? ((message: string, limit?: VisitorLimit) => askAssistant(message, getBackend(), limit))
  const sharedRateLimits =
    options.sharedRateLimits ?? (options.ask ? () => false : () => getBackend().sharedRateLimits === true)

  return {
    async reply(message, meta) {
      const ip = meta.ip.trim()
      let shared = false
      try {
        shared = sharedRateLimits()
      } catch {
        // No backend: `ask` fails below with the reason.
      }
      if (ip && !shared && !limiter.hit(ip)) {
        throw new AssistantRequestError(TOO_MANY, 429, limiter.retryAfterSeconds(ip))
      }
      const limit = shared && ip && rateLimit > 0 ? { ip, limit: rateLimit, windowMs: rateWindowMs } : undefined
      let timer: ReturnType<typeof setTimeout> | undefined
      const tooSlow = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new AssistantRequestError('The assistant took too long to answer', 504)),
          timeoutMs,
        )
      })
      try {
        const response = await Promise.race([ask(message, limit), tooSlow])
        return { response }
      } catch (error) {
        if (error instanceof RateLimitedError) throw new AssistantRequestError(TOO_MANY, 429, error.retryAfterSeconds)
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
