import { describe, expect, it } from 'vitest'
import { ConfigError, parseRuntimeConfig } from '../../app/server/config.server'
import { addressFrom } from '../../app/server/http/visitor-address.server'

describe('runtime configuration', () => {
  it('uses the documented defaults when nothing is set', () => {
    const config = parseRuntimeConfig({})
    expect(config.dataDir).toBe('.data')
    expect(config.supabase).toBeUndefined()
    expect(config.trustProxyHops).toBe(0)
    expect(config.quote).toEqual({ rateLimit: 5, rateWindowMs: 600_000, minFillMs: 2500, ipHashSalt: undefined })
    expect(config.assistant).toEqual({ rateLimit: 20, rateWindowMs: 300_000 })
    expect(config.htmlCacheSeconds).toBe(10)
  })

  it('picks the Supabase backend only when both its URL and anon key are set', () => {
    expect(parseRuntimeConfig({ SUPABASE_URL: 'https://x.supabase.co' }).supabase).toBeUndefined()
    expect(parseRuntimeConfig({ SUPABASE_URL: ' https://x.supabase.co ', SUPABASE_ANON_KEY: 'anon' }).supabase).toEqual(
      {
        url: 'https://x.supabase.co',
        anonKey: 'anon',
        siteSecret: undefined,
      },
    )
  })

  it('reads TRUST_PROXY as a number of proxies, true meaning one', () => {
    expect(parseRuntimeConfig({ TRUST_PROXY: 'true' }).trustProxyHops).toBe(1)
    expect(parseRuntimeConfig({ TRUST_PROXY: '2' }).trustProxyHops).toBe(2)
    expect(parseRuntimeConfig({ TRUST_PROXY: 'false' }).trustProxyHops).toBe(0)
  })

  it('stops on a bad value and names the variable', () => {
    expect(() => parseRuntimeConfig({ QUOTE_RATE_LIMIT: 'five' })).toThrow(ConfigError)
    expect(() => parseRuntimeConfig({ QUOTE_RATE_LIMIT: 'five' })).toThrow(/QUOTE_RATE_LIMIT/)
    expect(() => parseRuntimeConfig({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY/)
    expect(() => parseRuntimeConfig({ ASSISTANT_LLM_TIMEOUT_MS: '10s' })).toThrow(/ASSISTANT_LLM_TIMEOUT_MS/)
  })
})

describe("the visitor's address", () => {
  it('is the socket address when no proxy is trusted, whatever X-Forwarded-For says', () => {
    expect(addressFrom('203.0.113.9', '10.0.0.1', 0)).toBe('10.0.0.1')
    expect(addressFrom(null, undefined, 0)).toBe('unknown')
  })

  it('is the entry one hop from the right behind one proxy, ignoring what the visitor wrote', () => {
    expect(addressFrom('1.2.3.4, 203.0.113.9', '10.0.0.1', 1)).toBe('203.0.113.9')
    expect(addressFrom('203.0.113.9', '10.0.0.1', 1)).toBe('203.0.113.9')
    expect(addressFrom(null, '10.0.0.1', 1)).toBe('10.0.0.1')
  })
})
