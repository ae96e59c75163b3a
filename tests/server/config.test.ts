import { describe, expect, it } from 'vitest'
import { ConfigError, parseRuntimeConfig } from '../../app/platform/config.server'
import { clientKey } from '../../app/platform/http/rate-limit.server'
import { forwardedClient, parseTrustProxy, type TrustedProxy } from '../../app/platform/http/trusted-proxy.server'

describe('runtime configuration', () => {
  it('uses the documented defaults when nothing is set', () => {
    const config = parseRuntimeConfig({})
    expect(config.dataDir).toBe('.data')
    expect(config).toMatchObject({ databaseUrl: undefined, storage: undefined, googleReviews: undefined })
    expect(config.trustedProxy('127.0.0.1', 0)).toBe(false)
    expect(config.quote).toEqual({ rateLimit: 5, rateWindowMs: 600_000, minFillMs: 2500, ipHashSalt: undefined })
    expect(config.assistant).toEqual({ rateLimit: 20, rateWindowMs: 300_000, llm: null })
    expect(config.htmlCacheSeconds).toBe(10)
    expect(config.leadRetentionMonths).toBe(24)
  })

  it('takes DATABASE_URL only as a postgres:// address, and shows no password when it refuses one', () => {
    const url = 'postgres://site:s3cret@db.example.com:5432/leads'
    expect(parseRuntimeConfig({ DATABASE_URL: ` ${url} ` }).databaseUrl).toBe(url)
    expect(parseRuntimeConfig({ DATABASE_URL: 'postgresql://db.example.com/leads' }).databaseUrl).toBe(
      'postgresql://db.example.com/leads',
    )
    for (const wrong of ['mysql://site:s3cret@db.example.com/leads', 'db.example.com:5432', 'postgres://'])
      expect(() => parseRuntimeConfig({ DATABASE_URL: wrong })).toThrow(
        /DATABASE_URL must be a postgres:\/\/ address \(value not shown\)/,
      )
    expect(() => parseRuntimeConfig({ DATABASE_URL: 'postgres://site:s3cret@db.example.com/leads x' })).not.toThrow(
      /s3cret/,
    )
  })

  const publicKey = Buffer.alloc(65, 1).toString('base64url')
  const privateKey = Buffer.alloc(32, 2).toString('base64url')
  it.each([
    [{ SUPABASE_URL: 'https://x.supabase.co' }, 'SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY'],
    [{ SUPABASE_SERVICE_ROLE_KEY: 'service-role' }, 'SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY'],
    [{ GOOGLE_PLACES_API_KEY: 'places-key' }, 'GOOGLE_PLACES_API_KEY and GOOGLE_PLACE_ID'],
    [{ GOOGLE_PLACE_ID: 'ChIJ-place' }, 'GOOGLE_PLACES_API_KEY and GOOGLE_PLACE_ID'],
    [{ LEAD_WEBHOOK_URL: 'https://crm.example/hook' }, 'LEAD_WEBHOOK_URL and LEAD_WEBHOOK_SECRET'],
    [{ VAPID_PRIVATE_KEY: privateKey }, 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY'],
    [{ VAPID_PUBLIC_KEY: publicKey }, 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY'],
    [{ STRIPE_SECRET_KEY: 'sk_test_abc123' }, 'STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET'],
    [{ STRIPE_WEBHOOK_SECRET: 'whsec_abc123' }, 'STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET'],
  ])('refuses %j alone: %s are a pair, both set or neither', (env, pair) => {
    expect(() => parseRuntimeConfig(env)).toThrow(`Invalid environment: ${pair} must be set together`)
  })

  it('takes Supabase Storage and Google reviews as pairs: both set, or neither', () => {
    const storage = { SUPABASE_URL: ' https://x.supabase.co ', SUPABASE_SERVICE_ROLE_KEY: 'service-role' }
    expect(parseRuntimeConfig(storage).storage).toEqual({
      url: 'https://x.supabase.co',
      serviceRoleKey: 'service-role',
    })
    expect(() => parseRuntimeConfig({ ...storage, SUPABASE_URL: 'x.supabase.co' })).toThrow(/SUPABASE_URL/)

    const google = { GOOGLE_PLACES_API_KEY: 'places-key', GOOGLE_PLACE_ID: 'ChIJ-place' }
    expect(parseRuntimeConfig(google).googleReviews).toEqual({
      apiKey: 'places-key',
      placeId: 'ChIJ-place',
      baseUrl: 'https://places.googleapis.com',
      cacheMinutes: 60,
    })
  })

  it('reads TRUST_PROXY as addresses, networks and names, a hop count, or true for the loopback', () => {
    const trusted = (setting: string) => parseRuntimeConfig({ TRUST_PROXY: setting }).trustedProxy
    expect(trusted('true')('127.0.0.1', 0)).toBe(true)
    expect(trusted('true')('::ffff:127.0.0.1', 0)).toBe(true)
    expect(trusted('true')('10.0.0.1', 0)).toBe(false)
    expect(trusted('loopback')('::1', 0)).toBe(true)
    expect(trusted('10.0.0.0/8, 2001:db8::/32')('10.200.3.4', 0)).toBe(true)
    expect(trusted('10.0.0.0/8, 2001:db8::/32')('2001:db8::7', 0)).toBe(true)
    expect(trusted('10.0.0.0/8, 2001:db8::/32')('11.0.0.1', 0)).toBe(false)
    expect(trusted('uniquelocal')('172.17.0.1', 0)).toBe(true)
    expect(trusted('2')('203.0.113.9', 1)).toBe(true)
    expect(trusted('2')('203.0.113.9', 2)).toBe(false)
    expect(trusted('false')('127.0.0.1', 0)).toBe(false)
    expect(() => trusted('10.0.0.0/')).toThrow('(bad entry: 10.0.0.0/)')
  })

  // That a refused value stops a real start with one line and no stack: e2e/settings.spec.ts, for one of these.
  it.each([
    ['LEAD_RETENTION_MONTHS', '99'],
    ['LOG_LEVEL', 'loud'],
    ['HTML_CACHE_SECONDS', '-1'],
    ['SMTP_URL', 'notaurl'],
    ['SMTP_URL', 'https://smtp.example.com'],
    ['PORT', '99999'],
    ['PORT', 'http'],
    ['QUOTE_RATE_LIMIT', '-5'],
    ['QUOTE_RATE_WINDOW_MS', '0'],
    ['ASSISTANT_RATE_WINDOW_MS', '-1'],
    ['QUOTE_MIN_FILL_MS', '2.5'],
    ['REVIEWS_CACHE_MINUTES', '-60'],
    ['QUOTE_RATE_LIMIT', 'five'],
    ['ASSISTANT_LLM_TIMEOUT_MS', '10s'],
    ['TRUST_PROXY', 'yes'],
    ['TRUST_PROXY', '10.0.0.0/'],
    ['TRUST_PROXY', '10.0.0.0/33'],
  ])('refuses %s=%s, naming it', (name, value) => {
    expect(() => parseRuntimeConfig({ [name]: value })).toThrow(ConfigError)
    expect(() => parseRuntimeConfig({ [name]: value })).toThrow(new RegExp(`^Invalid environment: ${name} must be `))
  })

  it('refuses values it would have taken and could not work with: out of range at the edges', () => {
    const refused: [string, string, string][] = [
      ['ASSISTANT_RATE_WINDOW_MS', '2147483648', 'must be a whole number from 1 to 2147483647'],
      ['PORT', '0', 'must be a whole number from 1 to 65535'],
      ['PORT', '65536', 'must be a whole number from 1 to 65535'],
      ['LEAD_RETENTION_MONTHS', '25', 'must be a whole number from 1 to 24'],
      ['LEAD_ESCALATION_MINUTES', '721', 'must be a whole number from 0 to 720'],
    ]
    for (const [name, value, reason] of refused)
      expect(() => parseRuntimeConfig({ [name]: value }), `${name}=${value}`).toThrow(`${name} ${reason}`)
    // The edges themselves are accepted.
    expect(parseRuntimeConfig({ HTML_CACHE_SECONDS: '0', PORT: '65535' }).htmlCacheSeconds).toBe(0)
    const edges = parseRuntimeConfig({ LEAD_RETENTION_MONTHS: '1', LEAD_ESCALATION_MINUTES: '720' })
    expect(edges.leadRetentionMonths).toBe(1)
    expect(parseRuntimeConfig({ SMTP_URL: 'smtps://u:p@smtp.example.com:465' }).smtpUrl).toBe(
      'smtps://u:p@smtp.example.com:465',
    )
    expect(() => parseRuntimeConfig({ SMTP_URL: 'smtp://user:s3cret@' })).not.toThrow(/s3cret/)
  })

  it('takes the webhook and the push keys as pairs: both set, or neither', () => {
    const secret = `whsec_${Buffer.alloc(32, 7).toString('base64')}`
    const webhook = { LEAD_WEBHOOK_URL: 'https://crm.example/hook', LEAD_WEBHOOK_SECRET: secret }
    const config = parseRuntimeConfig({ ...webhook, VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey })
    expect(config.leadWebhook).toEqual({ url: 'https://crm.example/hook', secret })
    expect(config.owner.vapid).toEqual({ publicKey, privateKey })
    expect(parseRuntimeConfig({}).leadWebhook).toBeUndefined()
  })

  it('takes Stripe as a pair, at another host for a stand-in, and never shows a key it refuses', () => {
    const stripe = { STRIPE_SECRET_KEY: 'sk_live_51Hx', STRIPE_WEBHOOK_SECRET: 'whsec_Zm9v' }
    expect(parseRuntimeConfig({}).stripe).toBeUndefined()
    expect(parseRuntimeConfig(stripe).stripe).toEqual({
      secretKey: 'sk_live_51Hx',
      webhookSecret: 'whsec_Zm9v',
      api: null,
    })
    expect(parseRuntimeConfig({ ...stripe, STRIPE_API_BASE: 'http://127.0.0.1:12111' }).stripe?.api).toEqual({
      host: '127.0.0.1',
      port: '12111',
      protocol: 'http',
    })
    expect(parseRuntimeConfig({ ...stripe, STRIPE_API_BASE: 'https://stripe.test' }).stripe?.api).toEqual({
      host: 'stripe.test',
      port: 443,
      protocol: 'https',
    })
    for (const base of ['http://127.0.0.1:12111/v1', 'ftp://stripe.test', 'stripe.test'])
      expect(() => parseRuntimeConfig({ ...stripe, STRIPE_API_BASE: base })).toThrow(/STRIPE_API_BASE must be/)
    for (const [name, wrong] of [
      ['STRIPE_SECRET_KEY', 'pk_live_s3cret'],
      ['STRIPE_WEBHOOK_SECRET', 's3cret'],
    ] as const) {
      const refused = () => parseRuntimeConfig({ ...stripe, [name]: wrong })
      expect(refused).toThrow(new RegExp(`${name} must be .*\\(value not shown\\)`))
      expect(refused).not.toThrow(/s3cret/)
    }
  })

  it('gives the assistant its LLM only with both the address and the key', () => {
    const env = { ASSISTANT_LLM_URL: 'https://llm.example/v1/', ASSISTANT_LLM_KEY: 'k', ASSISTANT_LLM_TIMEOUT_MS: '0' }
    expect(parseRuntimeConfig(env).assistant.llm).toEqual({
      url: 'https://llm.example/v1/chat/completions',
      key: 'k',
      model: 'gpt-4o-mini',
      timeoutMs: 10_000,
    })
    const local = { ...env, ASSISTANT_LLM_MODEL: 'local', ASSISTANT_LLM_TIMEOUT_MS: '2500' }
    expect(parseRuntimeConfig(local).assistant.llm).toMatchObject({ model: 'local', timeoutMs: 2500 })
    expect(parseRuntimeConfig({ ASSISTANT_LLM_URL: 'https://llm.example/v1' }).assistant.llm).toBeNull()
    expect(parseRuntimeConfig({ ASSISTANT_LLM_KEY: 'k' }).assistant.llm).toBeNull()
  })
})

describe("the visitor's address", () => {
  it('is counted as an IPv4 address, or by its /64 for IPv6, an IPv4-mapped one as IPv4 (decision 052)', () => {
    expect(clientKey('203.0.113.9')).toBe('203.0.113.9')
    expect(clientKey('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64')
    expect(clientKey('2001:DB8:1:2::7')).toBe('2001:db8:1:2::/64')
    expect(clientKey('2001:db8:1:3::7')).toBe('2001:db8:1:3::/64')
    expect(clientKey('::ffff:198.51.100.7')).toBe('198.51.100.7')
    expect(clientKey('::ffff:c633:6407')).toBe('198.51.100.7')
    expect(clientKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64')
  })

  const trust = (setting: string) => parseTrustProxy(setting) as TrustedProxy

  it('is the socket address when no proxy is trusted, whatever X-Forwarded-For says', () => {
    expect(forwardedClient('203.0.113.9', '10.0.0.1', trust(''))).toBe('10.0.0.1')
    expect(forwardedClient(null, undefined, trust(''))).toBe('unknown')
  })

  it('is the socket address when the peer is not a trusted proxy', () => {
    expect(forwardedClient('203.0.113.9', '198.51.100.4', trust('loopback'))).toBe('198.51.100.4')
  })

  it('is the entry the trusted proxy wrote, ignoring what the visitor wrote further left', () => {
    expect(forwardedClient('1.2.3.4, 203.0.113.9', '127.0.0.1', trust('loopback'))).toBe('203.0.113.9')
    expect(forwardedClient('1.2.3.4, 203.0.113.9', '10.0.0.1', trust('1'))).toBe('203.0.113.9')
    expect(forwardedClient('1.2.3.4, 10.0.0.2', '127.0.0.1', trust('loopback,10.0.0.0/8'))).toBe('1.2.3.4')
    expect(forwardedClient(null, '10.0.0.1', trust('1'))).toBe('10.0.0.1')
  })
})
