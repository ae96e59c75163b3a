// .env.example and the start-time warning about placeholder business facts (README, Configuration).
import { readFileSync } from 'node:fs'
import { parseEnv } from 'node:util'
import { describe, expect, it } from 'vitest'
import { placeholderFacts } from '../../app/content/site'
import { parseRuntimeConfig } from '../../app/platform/config.server'
import { placeholdersInUse } from '../../app/platform/start/placeholder-facts.server'

const example = parseEnv(readFileSync('.env.example', 'utf8'))

describe('.env.example', () => {
  it('names every runtime variable the server reads, and every build-time business fact', () => {
    const schema = readFileSync('app/platform/config.server.ts', 'utf8')
    const runtime = [...schema.slice(schema.indexOf('const EnvSchema')).matchAll(/^ {2}([A-Z][A-Z_]+):/gm)].map(
      (match) => match[1]!,
    )
    const buildTime = [
      'SITE_URL',
      'BUSINESS_NAME',
      'BUSINESS_POSTAL_CODE',
      'ASSISTANT_NAME',
      'CONTRACTOR_LICENSE',
      ...Object.keys(placeholderFacts),
    ]
    for (const name of [...runtime.filter((name) => name !== 'NODE_ENV'), ...buildTime, 'PORT', 'HOST']) {
      expect(Object.keys(example), name).toContain(name)
    }
  })

  it('copied as it is, starts the server with every default', () => {
    expect(parseRuntimeConfig(example)).toEqual(parseRuntimeConfig({}))
  })
})

describe('the placeholder warning at start', () => {
  const facts = { ...placeholderFacts }

  // Naming each fictional fact still shown on a public site: e2e/env-file.spec.ts, from a real start.
  it('stays quiet on a local address, where the placeholders are expected', () => {
    for (const url of ['http://localhost:3000', 'http://127.0.0.1:4173', 'http://[::1]:3000', 'http://site.localhost'])
      expect(placeholdersInUse(url, facts), url).toEqual([])
  })
})
