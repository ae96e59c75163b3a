import { placeholderFacts, site } from '~/content/site'
import { log } from '../log/logger.server'

function factsInUse(): Record<keyof typeof placeholderFacts, string> {
  return {
    BUSINESS_PHONE: site.phone,
    BUSINESS_EMAIL: site.email,
    BUSINESS_STREET: site.address.street,
    SOCIAL_INSTAGRAM: site.social.instagram,
    SOCIAL_FACEBOOK: site.social.facebook,
    SOCIAL_TIKTOK: site.social.tiktok,
    SOCIAL_LINKEDIN: site.social.linkedin,
  }
}

export function isPublicUrl(url: string): boolean {
  if (!URL.canParse(url)) return false
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '')
  return !/^(localhost|127(\.\d+){3}|::1|0\.0\.0\.0)$|\.localhost$/i.test(host)
}

export function placeholdersInUse(baseUrl = site.baseUrl, facts = factsInUse()): string[] {
  if (!isPublicUrl(baseUrl)) return []
  return Object.entries(facts)
    .filter(([name, value]) => value === placeholderFacts[name as keyof typeof placeholderFacts])
    .map(([name]) => name)
}

/** Loud: visitors would call a made-up number. */
export function warnAboutPlaceholders(): void {
  const names = placeholdersInUse()
  if (names.length === 0) return
  log('config').warn(
    { siteUrl: site.baseUrl, placeholders: names },
    `PLACEHOLDER BUSINESS FACTS ON A PUBLIC SITE: ${names.join(', ')} still show the fictional defaults. ` +
      'Set them (in .env or the environment) and build again.',
  )
}
