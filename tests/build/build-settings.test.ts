import { readFileSync } from 'node:fs'
import { parseEnv } from 'node:util'
import { describe, expect, it } from 'vitest'
import { BuildSettingsError, parseBuildSettings } from '../../build/build-settings'

describe('build-time settings', () => {
  it('keeps only the baked names, and .env.example builds as is', () => {
    const example = parseEnv(readFileSync('.env.example', 'utf8'))
    expect(() => parseBuildSettings(example)).not.toThrow()
    expect(parseBuildSettings({ SITE_URL: 'https://a.example', SMTP_URL: 'smtp://x', BUSINESS_NAME: 'A' })).toEqual({
      SITE_URL: 'https://a.example',
      BUSINESS_NAME: 'A',
    })
  })

  it('a bad value stops the build with a message naming the variable and the value', () => {
    expect(() => parseBuildSettings({ SITE_URL: 'example.com' })).toThrow(BuildSettingsError)
    expect(() => parseBuildSettings({ SITE_URL: 'example.com' })).toThrow(
      'Invalid build setting: SITE_URL must be an http(s):// address (got "example.com")',
    )
    expect(() => parseBuildSettings({ BUSINESS_EMAIL: 'owner at example' })).toThrow(
      /^Invalid build setting: BUSINESS_EMAIL must be an e-mail address/,
    )
    expect(() => parseBuildSettings({ PUBLIC_SOCIAL_PROOF_SOURCE: 'none' })).toThrow(
      'PUBLIC_SOCIAL_PROOF_SOURCE must be sample, reviews or off (got "none")',
    )
  })
})
