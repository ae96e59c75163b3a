import { describe, expect, it } from 'vitest'
import { contentSecurityPolicy, videoOriginsOf } from '../../app/lib/page/content-security-policy'

const directive = (policy: string, name: string) => policy.split('; ').find((part) => part.startsWith(`${name} `))

describe('Content-Security-Policy', () => {
  it('leaves fonts, media and connections to default-src when only this origin may serve them', () => {
    const policy = contentSecurityPolicy('abc')
    expect(directive(policy, 'default-src')).toBe("default-src 'self'")
    expect(policy).not.toMatch(/font-src|media-src|connect-src/)
    expect(policy.split('; ')).toHaveLength(9)
  })
})

describe('Content-Security-Policy media sources', () => {
  it('add exactly the hosts of the featured videos in use, not every https host', () => {
    const policy = contentSecurityPolicy('abc', ['https://videos.example.com', 'https://cdn.example.net:8443'])
    expect(directive(policy, 'media-src')).toBe(
      "media-src 'self' https://videos.example.com https://cdn.example.net:8443",
    )
    expect(policy).not.toMatch(/media-src[^;]* https:(;|\s|$)/)
  })

  it('take each https video origin once and leave out relative, insecure, malformed and header-breaking addresses', () => {
    expect(
      videoOriginsOf([
        'https://videos.example.com/home.mp4',
        'https://videos.example.com/services.webm?v=2',
        'https://CDN.Example.net:8443/a.mp4',
        'http://plain.example.com/a.mp4',
        '/videos/local.mp4',
        'not a url',
        'https://videos.example.com;script-src/x.mp4',
        "https://a'b.example/x.mp4",
        null,
        undefined,
      ]),
    ).toEqual(['https://videos.example.com', 'https://cdn.example.net:8443'])
  })
})
