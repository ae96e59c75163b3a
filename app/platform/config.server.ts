import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import * as v from 'valibot'
import { isValidEmail } from '../lib/text'
import { isWebhookSecret, isWebhookUrl } from './transport/webhook.server'
import { parseTrustProxy } from './http/trusted-proxy.server'

export type Env = Record<string, string | undefined>

/** A link the site sends people to (the review link): https only. */
export const isHttpsUrl = (value: string) => value.length <= 500 && /^https:\/\/[^\s/]+\S*$/.test(value)

/** Parsed once at start (runtimeConfig()); its type is what parseRuntimeConfig builds. */
export type RuntimeConfig = ReturnType<typeof parseRuntimeConfig>
/** An OpenAI-compatible chat completions endpoint (ASSISTANT_LLM_*). */
export type LlmConfig = NonNullable<RuntimeConfig['assistant']['llm']>

export class ConfigError extends Error {
  override name = 'ConfigError'
}

/** A variable already set wins. */
export function loadEnvFile(path = process.env.ENV_FILE?.trim() || '.env'): string | null {
  if (!existsSync(path)) {
    if (process.env.ENV_FILE?.trim()) throw new ConfigError(`ENV_FILE names a file that does not exist: ${path}`)
    return null
  }
  process.loadEnvFile(path)
  return path
}

/** Every variable as text, trimmed; unset is ''. */
const trimmed = v.pipe(v.optional(v.string(), ''), v.trim())

const text = v.pipe(
  trimmed,
  v.transform((value) => value || undefined),
)

/** Digits only, from `min` (a negative or fractional count, window or delay cannot work). */
const wholeNumber = (fallback: number, min = 0, max = Number.MAX_SAFE_INTEGER) =>
  v.pipe(
    trimmed,
    v.check(
      (value) => value === '' || (/^\d+$/.test(value) && Number(value) >= min && Number(value) <= max),
      `must be a whole number from ${min}${max === Number.MAX_SAFE_INTEGER ? '' : ` to ${max}`}`,
    ),
    v.transform((value) => (value === '' ? fallback : Number(value))),
  )

const trustedProxy = v.pipe(
  v.optional(v.string(), ''),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const parsed = parseTrustProxy(dataset.value)
    if (typeof parsed === 'function') return parsed
    addIssue({ message: parsed })
    return NEVER
  }),
)

/** Unset, or a value that passes `valid`. */
function optionalText(valid: (value: string) => boolean, message: string) {
  return v.pipe(
    text,
    v.check((value) => value === undefined || valid(value), message),
  )
}

const base64Url = (bytes: number) =>
  optionalText(
    (value) => /^[A-Za-z0-9_-]+$/.test(value) && Buffer.from(value, 'base64url').length === bytes,
    `must be base64url of ${bytes} bytes (npx web-push generate-vapid-keys)`,
  )

// Google Ads matches it to the conversion action's name, so it is the action's name exactly.
const conversionName = v.pipe(
  optionalText((value) => value.length <= 100 && !/\p{Cc}/u.test(value), 'must be 1 to 100 characters on one line'),
  v.transform((value) => value ?? 'Won job'),
)

/** One of `options`, any case; unset is `fallback`. */
const oneOf = <const T extends string>(
  options: readonly T[],
  fallback: T,
  message = `must be ${options.join(' or ')}`,
) =>
  v.pipe(
    trimmed,
    v.toLowerCase(),
    v.transform((value) => value || fallback),
    v.picklist(options, message),
  )

// nodemailer reads any other text as options, so a typo would start a site that never mails anyone.
const smtpUrl = optionalText(
  (value) => URL.canParse(value) && /^smtps?:$/.test(new URL(value).protocol) && new URL(value).hostname !== '',
  'must be an smtp:// or smtps:// address, e.g. smtps://user:pass@smtp.example.com:465',
)

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'silent'] as const
/** The database counts limits and windows in a 4-byte integer. */
const INT4_MAX = 2_147_483_647

const EnvSchema = v.object({
  // Nitro reads it itself; checked here so a bad one stops the start with the others.
  PORT: wholeNumber(3000, 1, 65535),
  DATA_DIR: text,
  SMTP_URL: smtpUrl,
  QUOTE_NOTIFY_EMAIL: text,
  QUOTE_FROM_EMAIL: text,
  DATABASE_URL: optionalText((value) => /^postgres(ql)?:\/\/\S+$/.test(value), 'must be a postgres:// address'),
  SUPABASE_URL: optionalText((value) => /^https?:\/\/\S+$/.test(value), 'must be an https:// address'),
  SUPABASE_SERVICE_ROLE_KEY: text,
  GOOGLE_PLACES_API_KEY: text,
  GOOGLE_PLACE_ID: text,
  GOOGLE_PLACES_API_BASE: text,
  REVIEWS_CACHE_MINUTES: wholeNumber(60),
  TRUST_PROXY: trustedProxy,
  QUOTE_RATE_LIMIT: wholeNumber(5, 0, INT4_MAX),
  QUOTE_RATE_WINDOW_MS: wholeNumber(10 * 60_000, 1, INT4_MAX),
  QUOTE_MIN_FILL_MS: wholeNumber(2500),
  IP_HASH_SALT: text,
  OWNER_LINK_WINDOW_MS: wholeNumber(3 * 60_000, 1, INT4_MAX),
  ASSISTANT_RATE_LIMIT: wholeNumber(20, 0, INT4_MAX),
  ASSISTANT_RATE_WINDOW_MS: wholeNumber(5 * 60_000, 1, INT4_MAX),
  ASSISTANT_LLM_URL: text,
  ASSISTANT_LLM_KEY: text,
  ASSISTANT_LLM_MODEL: text,
  ASSISTANT_LLM_TIMEOUT_MS: wholeNumber(10_000),
  HTML_CACHE_SECONDS: wholeNumber(10),
  LEAD_RETENTION_MONTHS: wholeNumber(24, 1, 24),
  LEAD_WEBHOOK_URL: optionalText(isWebhookUrl, 'must be an http(s):// address'),
  LEAD_WEBHOOK_SECRET: optionalText(
    isWebhookSecret,
    'must be whsec_ followed by base64 of 24 to 64 random bytes (e.g. whsec_$(openssl rand -base64 32))',
  ),
  OWNER_EMAIL: optionalText(isValidEmail, 'must be an e-mail address'),
  OWNER_SESSION_SECRET: optionalText(
    (value) => value.length >= 32,
    'must be at least 32 random characters (e.g. $(openssl rand -base64 32))',
  ),
  // Customers follow it from the business's own e-mail: https only (decision 042).
  GOOGLE_REVIEW_URL: optionalText(isHttpsUrl, 'must be an https:// address'),
  VAPID_PUBLIC_KEY: base64Url(65),
  VAPID_PRIVATE_KEY: base64Url(32),
  VAPID_SUBJECT: optionalText(
    (value) => /^(mailto:|https:\/\/)\S+$/.test(value),
    'must start with mailto: or https://',
  ),
  GOOGLE_ADS_CONVERSION_NAME: conversionName,
  STRIPE_SECRET_KEY: optionalText(
    (value) => /^(sk|rk)_(test|live)_[A-Za-z0-9_]+$/.test(value),
    'must be a Stripe secret key, sk_live_… or sk_test_… (or a restricted rk_… key)',
  ),
  STRIPE_WEBHOOK_SECRET: optionalText(
    (value) => /^whsec_[A-Za-z0-9+/=_-]+$/.test(value),
    "must be the webhook endpoint's signing secret, whsec_…",
  ),
  // A local stand-in in tests; the SDK takes a host, port and protocol, so no path.
  STRIPE_API_BASE: optionalText(
    (value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol) && new URL(value).pathname === '/',
    'must be an http(s):// address with no path, e.g. http://127.0.0.1:12111',
  ),
  LEAD_ESCALATION_MINUTES: wholeNumber(15, 0, 720),
  CUSTOMER_ACKNOWLEDGEMENT: oneOf(['on', 'off'], 'on'),
  GALLERY_SAMPLES: oneOf(['on', 'off'], 'on'),
  LOG_LEVEL: oneOf(LOG_LEVELS, 'info', `must be one of ${LOG_LEVELS.join(', ')}`),
  NODE_ENV: text,
  // Test-only: lets pushes reach the tests' stand-in push service on 127.0.0.1 (decision 052).
  TEST_ONLY_PUSH_TO_LOOPBACK: oneOf(['on', 'off'], 'off', 'must be on or off (tests only)'),
})

type ParsedEnv = v.InferOutput<typeof EnvSchema>

/** Both values, or undefined when neither is set: one without the other is a mistake. */
function setTogether<A extends keyof ParsedEnv, B extends keyof ParsedEnv>(e: ParsedEnv, first: A, second: B) {
  const [a, b] = [e[first], e[second]]
  if (!a !== !b) throw new ConfigError(`Invalid environment: ${first} and ${second} must be set together`)
  return a && b ? ([a, b] as [NonNullable<ParsedEnv[A]>, NonNullable<ParsedEnv[B]>]) : undefined
}

export function parseRuntimeConfig(env: Env) {
  const result = v.safeParse(EnvSchema, env)
  if (!result.success) {
    const problems = result.issues.map((issue) => {
      const name = issue.path?.[0]?.key
      // A secret's value never reaches the log, even a wrong one.
      const got = /SECRET|_KEY$|DATABASE_URL|SMTP_URL/.test(String(name))
        ? 'value not shown'
        : `got ${JSON.stringify(issue.input)}`
      return `${String(name)} ${issue.message} (${got})`
    })
    throw new ConfigError(`Invalid environment: ${problems.join('; ')}`)
  }
  const e = result.output
  const webhook = setTogether(e, 'LEAD_WEBHOOK_URL', 'LEAD_WEBHOOK_SECRET')
  const vapid = setTogether(e, 'VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY')
  const storage = setTogether(e, 'SUPABASE_URL', 'SUPABASE_SERVICE_ROLE_KEY')
  const google = setTogether(e, 'GOOGLE_PLACES_API_KEY', 'GOOGLE_PLACE_ID')
  const stripe = setTogether(e, 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET')
  const stripeApi = e.STRIPE_API_BASE ? new URL(e.STRIPE_API_BASE) : null
  return {
    dataDir: e.DATA_DIR ?? '.data',
    smtpUrl: e.SMTP_URL,
    quoteNotifyEmail: e.QUOTE_NOTIFY_EMAIL,
    quoteFromEmail: e.QUOTE_FROM_EMAIL,
    /** Unset: PGlite in DATA_DIR/pglite (docs/decisions/050-one-runtime.md). */
    databaseUrl: e.DATABASE_URL,
    /** Set: files in Supabase Storage's private buckets instead of DATA_DIR. */
    storage: storage && { url: storage[0], serviceRoleKey: storage[1] },
    /** Set: the reviews shown are Google's, refreshed when older than cacheMinutes. */
    googleReviews: google && {
      apiKey: google[0],
      placeId: google[1],
      baseUrl: (e.GOOGLE_PLACES_API_BASE ?? 'https://places.googleapis.com').replace(/\/+$/, ''),
      cacheMinutes: e.REVIEWS_CACHE_MINUTES,
    },
    trustedProxy: e.TRUST_PROXY,
    /** Set: customers may pay by card through Stripe Checkout (decision 055); unset, payments are recorded by hand. */
    stripe: stripe && {
      secretKey: stripe[0],
      webhookSecret: stripe[1],
      api: stripeApi && {
        host: stripeApi.hostname,
        port: stripeApi.port || (stripeApi.protocol === 'http:' ? 80 : 443),
        protocol: stripeApi.protocol.slice(0, -1) as 'http' | 'https',
      },
    },
    leadWebhook: webhook && { url: webhook[0], secret: webhook[1] },
    /** sessionSecret unset: no sign-in at /owner. */
    owner: {
      email: e.OWNER_EMAIL ?? e.QUOTE_NOTIFY_EMAIL,
      sessionSecret: e.OWNER_SESSION_SECRET,
      /** At most one sign-in link to the owner's address per window, whoever asks (decision 052). */
      linkWindowMs: e.OWNER_LINK_WINDOW_MS,
      googleReviewUrl: e.GOOGLE_REVIEW_URL,
      vapid: vapid && { publicKey: vapid[0], privateKey: vapid[1], subject: e.VAPID_SUBJECT },
      /** The Google Ads conversion action the won-ad-clicks file names (an "Import from clicks" action). */
      conversionName: e.GOOGLE_ADS_CONVERSION_NAME,
      /** Where pushes may go: public https hosts, and 127.0.0.1 only for the tests' stand-in. */
      pushPolicy: { loopback: e.TEST_ONLY_PUSH_TO_LOOPBACK === 'on' },
    },
    quote: {
      rateLimit: e.QUOTE_RATE_LIMIT,
      rateWindowMs: e.QUOTE_RATE_WINDOW_MS,
      minFillMs: e.QUOTE_MIN_FILL_MS,
      ipHashSalt: e.IP_HASH_SALT,
    },
    /** The customer's "request received" e-mail (decision 048). */
    customerAcknowledgement: e.CUSTOMER_ACKNOWLEDGEMENT === 'on',
    /** Sample photos fill the places the owner's posted work has not taken (decision 049). */
    gallerySamples: e.GALLERY_SAMPLES === 'on',
    /** Opening-hours minutes before a lead still new is pushed again; 0: never. */
    escalationMinutes: e.LEAD_ESCALATION_MINUTES,
    /** llm: null unless ASSISTANT_LLM_URL and ASSISTANT_LLM_KEY are both set. */
    assistant: {
      rateLimit: e.ASSISTANT_RATE_LIMIT,
      rateWindowMs: e.ASSISTANT_RATE_WINDOW_MS,
      llm:
        e.ASSISTANT_LLM_URL && e.ASSISTANT_LLM_KEY
          ? {
              url: e.ASSISTANT_LLM_URL.replace(/\/+$/, '').replace(/(?<!\/chat\/completions)$/, '/chat/completions'),
              key: e.ASSISTANT_LLM_KEY,
              model: e.ASSISTANT_LLM_MODEL ?? 'gpt-4o-mini',
              timeoutMs: e.ASSISTANT_LLM_TIMEOUT_MS > 0 ? e.ASSISTANT_LLM_TIMEOUT_MS : 10_000,
            }
          : null,
    },
    htmlCacheSeconds: e.HTML_CACHE_SECONDS,
    leadRetentionMonths: e.LEAD_RETENTION_MONTHS,
    logLevel: e.LOG_LEVEL,
    production: e.NODE_ENV === 'production',
  }
}

let current: RuntimeConfig | undefined

export function runtimeConfig(): RuntimeConfig {
  current ??= parseRuntimeConfig(process.env)
  return current
}

/** DATA_DIR as an absolute path. */
export const dataDirOf = (config: Pick<RuntimeConfig, 'dataDir'> = runtimeConfig()) =>
  resolve(process.cwd(), config.dataDir)
