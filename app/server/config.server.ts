import * as v from 'valibot'

export type Env = Record<string, string | undefined>

export interface RuntimeConfig {
  dataDir: string
  smtpUrl?: string
  quoteNotifyEmail?: string
  quoteFromEmail?: string
  supabase?: { url: string; anonKey: string; siteSecret?: string }
  /** The owner's tools only (`npm run leads`), never the site: SUPABASE_URL with the service role key. */
  ownerSupabase?: { url: string; serviceRoleKey?: string }
  /** TRUST_PROXY: a count, or `true` for 1. */
  trustProxyHops: number
  quote: { rateLimit: number; rateWindowMs: number; minFillMs: number; ipHashSalt?: string }
  assistant: { rateLimit: number; rateWindowMs: number }
  htmlCacheSeconds: number
  production: boolean
}

export class ConfigError extends Error {
  override name = 'ConfigError'
}

/** The one reader of the process environment (content/build-env.ts at build time). */
export function serverEnv(): Env {
  return process.env
}

const text = v.pipe(
  v.optional(v.string(), ''),
  v.trim(),
  v.transform((value) => value || undefined),
)

const wholeNumber = (fallback: number) =>
  v.pipe(
    v.optional(v.string(), ''),
    v.trim(),
    v.check((value) => value === '' || Number.isFinite(Number(value)), 'must be a number'),
    v.transform((value) => (value === '' ? fallback : Math.trunc(Number(value)))),
  )

const proxyHops = v.pipe(
  v.optional(v.string(), ''),
  v.trim(),
  v.toLowerCase(),
  v.check((value) => /^(|true|false|\d+)$/.test(value), 'must be the number of proxies in front of the site'),
  v.transform((value) => (value === 'true' ? 1 : value === '' || value === 'false' ? 0 : Number(value))),
)

const EnvSchema = v.object({
  DATA_DIR: text,
  SMTP_URL: text,
  QUOTE_NOTIFY_EMAIL: text,
  QUOTE_FROM_EMAIL: text,
  SUPABASE_URL: text,
  SUPABASE_ANON_KEY: text,
  SITE_FUNCTION_SECRET: text,
  SUPABASE_SERVICE_ROLE_KEY: text,
  TRUST_PROXY: proxyHops,
  QUOTE_RATE_LIMIT: wholeNumber(5),
  QUOTE_RATE_WINDOW_MS: wholeNumber(10 * 60_000),
  QUOTE_MIN_FILL_MS: wholeNumber(2500),
  IP_HASH_SALT: text,
  ASSISTANT_RATE_LIMIT: wholeNumber(20),
  ASSISTANT_RATE_WINDOW_MS: wholeNumber(5 * 60_000),
  // Only checked here: assistant/llm.server.ts reads them, as the Edge Function does from its own env.
  ASSISTANT_LLM_URL: text,
  ASSISTANT_LLM_KEY: text,
  ASSISTANT_LLM_MODEL: text,
  ASSISTANT_LLM_TIMEOUT_MS: wholeNumber(10_000),
  HTML_CACHE_SECONDS: wholeNumber(10),
  NODE_ENV: text,
})

export function parseRuntimeConfig(env: Env): RuntimeConfig {
  const result = v.safeParse(EnvSchema, env)
  if (!result.success) {
    const problems = result.issues.map((issue) => {
      const name = issue.path?.[0]?.key
      return `${String(name)} ${issue.message} (got ${JSON.stringify(issue.input)})`
    })
    throw new ConfigError(`Invalid environment: ${problems.join('; ')}`)
  }
  const e = result.output
  const config: RuntimeConfig = {
    dataDir: e.DATA_DIR ?? '.data',
    smtpUrl: e.SMTP_URL,
    quoteNotifyEmail: e.QUOTE_NOTIFY_EMAIL,
    quoteFromEmail: e.QUOTE_FROM_EMAIL,
    supabase:
      e.SUPABASE_URL && e.SUPABASE_ANON_KEY
        ? { url: e.SUPABASE_URL, anonKey: e.SUPABASE_ANON_KEY, siteSecret: e.SITE_FUNCTION_SECRET }
        : undefined,
    ownerSupabase: e.SUPABASE_URL ? { url: e.SUPABASE_URL, serviceRoleKey: e.SUPABASE_SERVICE_ROLE_KEY } : undefined,
    trustProxyHops: e.TRUST_PROXY,
    quote: {
      rateLimit: e.QUOTE_RATE_LIMIT,
      rateWindowMs: e.QUOTE_RATE_WINDOW_MS,
      minFillMs: e.QUOTE_MIN_FILL_MS,
      ipHashSalt: e.IP_HASH_SALT,
    },
    assistant: { rateLimit: e.ASSISTANT_RATE_LIMIT, rateWindowMs: e.ASSISTANT_RATE_WINDOW_MS },
    htmlCacheSeconds: Math.max(0, e.HTML_CACHE_SECONDS),
    production: e.NODE_ENV === 'production',
  }
  return config
}

let current: RuntimeConfig | undefined

/** Parsed once, by the server entry as it starts. */
export function runtimeConfig(): RuntimeConfig {
  current ??= parseRuntimeConfig(serverEnv())
  return current
}
