import { describe, expect, it } from 'vitest'
import {
  cleanVisitSource,
  LEAD_CHANNELS,
  LEAD_SOURCE_LIMITS,
  leadChannel,
  leadSource,
  leadSourceColumns,
  type LeadChannel,
  type VisitSource,
} from '~/features/leads/lead-source'

describe('what a visit sends is cleaned, never refused', () => {
  it('keeps well-formed tags, click ids, landing path and referring host, from an object or its JSON text', () => {
    const sent = {
      tags: { utm_source: 'google', utm_medium: 'cpc', utm_campaign: 'spring wash', gclid: 'Cj0KCQ-abc_123' },
      landingPath: '/city/folsom',
      referrerHost: 'WWW.Google.com',
    }
    const expected = { ...sent, referrerHost: 'www.google.com' }
    expect(cleanVisitSource(sent)).toEqual(expected)
    expect(cleanVisitSource(JSON.stringify(sent))).toEqual(expected)
  })

  it('caps a 10 KB tag at the limit and trims it', () => {
    const source = cleanVisitSource({ tags: { utm_campaign: `  ${'x'.repeat(10_240)}`, utm_term: ' deck  ' } })
    expect(source.tags.utm_campaign).toBe('x'.repeat(LEAD_SOURCE_LIMITS.tag))
    expect(source.tags.utm_term).toBe('deck')
  })

  it('drops a tag or path with control or direction characters, CR and LF among them', () => {
    const source = cleanVisitSource({
      tags: {
        utm_source: 'google\r\nBcc: victim@example.com',
        utm_medium: 'cpc\u0000',
        utm_content: 'a\u202Eb',
        utm_term: 'kept',
      },
      landingPath: '/contact\n',
    })
    expect(source).toEqual({ tags: { utm_term: 'kept' } })
  })

  it('drops click ids that are not opaque tokens, or longer than the limit', () => {
    const source = cleanVisitSource({
      tags: {
        gclid: 'abc def',
        gbraid: '<script>',
        wbraid: 'x'.repeat(LEAD_SOURCE_LIMITS.clickId + 1),
        fbclid: 'IwAR0-ok_1',
        msclkid: '',
      },
    })
    expect(source.tags).toEqual({ fbclid: 'IwAR0-ok_1' })
  })

  it('drops a landing path that is not a path of this site', () => {
    for (const landingPath of ['//evil.example/x', 'https://evil.example/', 'contact', '/a b', '/?q=1', 42])
      expect(cleanVisitSource({ tags: {}, landingPath }), String(landingPath)).toEqual({ tags: {} })
    const long = cleanVisitSource({ landingPath: `/${'p'.repeat(500)}` })
    expect(long.landingPath).toHaveLength(LEAD_SOURCE_LIMITS.landingPath)
  })

  it('drops a referring host that is not a host name: no path, port, scheme or address', () => {
    for (const referrerHost of ['evil.example/path', 'evil.example:443', 'https://evil.example', '-x.example', ''])
      expect(cleanVisitSource({ referrerHost }).referrerHost, referrerHost).toBeUndefined()
  })

  it('ignores JSON text over the limit, broken JSON, non-objects and unknown keys', () => {
    const long = JSON.stringify({ tags: { utm_source: 'google' }, pad: 'x'.repeat(LEAD_SOURCE_LIMITS.json) })
    expect(long.length).toBeGreaterThan(LEAD_SOURCE_LIMITS.json)
    for (const raw of [long, '{"tags":', '[1,2]', '"text"', 'null', 42, null, undefined, [], ''])
      expect(cleanVisitSource(raw), String(raw).slice(0, 40)).toEqual({ tags: {} })
    const extra = { tags: { utm_source: 'google', evil: 'x' }, channel: 'paid_search', extra: 1 }
    expect(cleanVisitSource(extra)).toEqual({ tags: { utm_source: 'google' } })
    expect(cleanVisitSource({ tags: 'utm_source=google' })).toEqual({ tags: {} })
  })
})

describe('the one channel of a lead', () => {
  const cases: [LeadChannel, VisitSource][] = [
    ['paid_search', { tags: { gclid: 'TeSt123' } }],
    ['paid_search', { tags: { gbraid: 'a' } }],
    ['paid_search', { tags: { wbraid: 'a' } }],
    ['paid_search', { tags: { msclkid: 'a' } }],
    ['paid_search', { tags: { utm_source: 'google', utm_medium: 'cpc' } }],
    ['paid_search', { tags: { utm_source: 'bing', utm_medium: 'Paid_Search' } }],
    ['google_business_profile', { tags: { utm_source: 'gbp', utm_medium: 'organic' } }],
    ['google_business_profile', { tags: { utm_source: 'Google-My-Business' } }],
    ['social', { tags: { fbclid: 'IwAR' } }],
    ['social', { tags: { utm_source: 'nextdoor' } }],
    ['social', { tags: { utm_source: 'newsletter', utm_medium: 'paid_social' } }],
    ['social', { tags: {}, referrerHost: 'l.facebook.com' }],
    ['organic_search', { tags: { utm_source: 'google', utm_medium: 'organic' } }],
    ['organic_search', { tags: {}, referrerHost: 'www.google.com' }],
    ['organic_search', { tags: {}, referrerHost: 'www.google.co.uk' }],
    ['organic_search', { tags: {}, referrerHost: 'duckduckgo.com' }],
    ['campaign', { tags: { utm_source: 'flyer', utm_campaign: 'spring' } }],
    ['campaign', { tags: { utm_campaign: 'spring' }, referrerHost: 'www.google.com' }],
    ['referral', { tags: {}, referrerHost: 'www.example.org' }],
    // A look-alike is another site, not a search engine.
    ['referral', { tags: {}, referrerHost: 'google.com.evil.example' }],
    ['direct', { tags: {} }],
    ['direct', { tags: {}, landingPath: '/contact' }],
  ]

  it.each(cases)('is %s for %j', (channel, visit) => {
    expect(leadChannel(visit)).toBe(channel)
  })

  it("covers every channel the database accepts; due_again comes only from a reminder's booking, never a visit", () => {
    expect(new Set([...cases.map(([channel]) => channel), 'due_again'])).toEqual(new Set(LEAD_CHANNELS))
    expect(leadChannel({ tags: { utm_source: 'due_again', utm_campaign: 'due_again' } })).toBe('campaign')
  })

  it('is worked out from the cleaned values: a forged channel is no input, a dropped click id counts for nothing', () => {
    const forged = { tags: { gclid: 'bad id!' }, channel: 'paid_search' }
    expect(leadSource(cleanVisitSource(forged))).toEqual({ tags: {}, channel: 'direct' })
    const fromText = leadSource(cleanVisitSource(JSON.stringify(forged)), 'yelp')
    expect(fromText).toEqual({ tags: {}, channel: 'direct', heardAbout: 'yelp' })
  })

  it('is stored beside the raw values, NULL where nothing is known', () => {
    const tags = { utm_source: 'google', utm_medium: 'cpc' }
    const known = {
      source_channel: 'paid_search',
      source_tags: JSON.stringify(tags),
      landing_path: '/',
      referrer_host: null,
      heard_about: 'ad',
    }
    expect(leadSourceColumns(leadSource({ tags, landingPath: '/' }, 'ad'))).toEqual(known)
    const unknown = { ...known, source_channel: 'direct', source_tags: null, landing_path: null, heard_about: null }
    expect(leadSourceColumns(leadSource({ tags: {} }))).toEqual(unknown)
    expect(leadSourceColumns(undefined).source_channel).toBeNull()
  })
})
