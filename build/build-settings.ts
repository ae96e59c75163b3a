import * as v from 'valibot'
import { isValidEmail } from '../app/features/leads/lead-schema'

/** Baked into both bundles as __SITE_ENV__ (app/content/build-env.ts), so server and browser agree. */
export function isBuildSetting(name: string): boolean {
  return ['SITE_URL', 'ASSISTANT_NAME', 'CONTRACTOR_LICENSE'].includes(name) || /^(BUSINESS|SOCIAL|PUBLIC)_/.test(name)
}

export class BuildSettingsError extends Error {
  override name = 'BuildSettingsError'
}

const optional = (check: (value: string) => boolean, message: string) =>
  v.optional(
    v.pipe(
      v.string(),
      v.check((value) => value.trim() === '' || check(value.trim()), message),
    ),
  )

function isWebAddress(value: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol)
  } catch {
    return false
  }
}

const webAddress = optional(isWebAddress, 'must be an http(s):// address')

const BuildSettingsSchema = v.looseObject({
  SITE_URL: webAddress,
  BUSINESS_EMAIL: optional(isValidEmail, 'must be an e-mail address'),
  SOCIAL_INSTAGRAM: webAddress,
  SOCIAL_FACEBOOK: webAddress,
  SOCIAL_TIKTOK: webAddress,
  SOCIAL_LINKEDIN: webAddress,
  PUBLIC_SOCIAL_PROOF_SOURCE: optional(
    (value) => ['sample', 'reviews', 'off'].includes(value.toLowerCase()),
    'must be sample, reviews or off',
  ),
})

/** The build settings from the environment; a bad one stops the build, named with the value it got. */
export function parseBuildSettings(env: Record<string, string | undefined>): Record<string, string> {
  const settings = Object.fromEntries(
    Object.entries(env).filter(
      (entry): entry is [string, string] => isBuildSetting(entry[0]) && entry[1] !== undefined,
    ),
  )
  const result = v.safeParse(BuildSettingsSchema, settings)
  if (!result.success) {
    const problems = result.issues.map(
      (issue) => `${String(issue.path?.[0]?.key)} ${issue.message} (got ${JSON.stringify(issue.input)})`,
    )
    throw new BuildSettingsError(`Invalid build setting: ${problems.join('; ')}`)
  }
  return settings
}
