// What a visit brought with it, checked on the server, and the one channel worked out from it
// (docs/decisions/047-lead-sources.md). Forged or oversized values are dropped or capped, never refused:
// they only describe the visit, and a lead is never lost over them.
import type { Insertable } from 'kysely'
import * as v from 'valibot'
import type { DB } from '../../platform/db/schema.gen'
import { hasForbiddenChars } from '../../lib/text'
import {
  CAMPAIGN_TAGS,
  HEARD_ABOUT,
  type CampaignTag,
  type HeardAbout,
  type LeadChannel,
} from './lead-source-constants'

export * from './lead-source-constants'

export const LEAD_SOURCE_LIMITS = {
  tag: 100,
  clickId: 200,
  landingPath: 200,
  referrerHost: 253,
  /** A JSON text longer than this is not read at all. */
  json: 4000,
} as const

export interface VisitSource {
  tags: Partial<Record<CampaignTag, string>>
  landingPath?: string
  referrerHost?: string
}

const CLICK_IDS = new Set<CampaignTag>(['gclid', 'gbraid', 'wbraid', 'fbclid', 'msclkid'])

/** Anything that fails becomes "not given". */
const dropped = <T extends v.GenericSchema>(schema: T) => v.fallback(v.optional(schema), undefined)

const tagText = v.pipe(
  v.string(),
  v.trim(),
  v.check((s) => !hasForbiddenChars(s)),
  v.transform((s) => s.slice(0, LEAD_SOURCE_LIMITS.tag)),
  v.nonEmpty(),
)

// Click ids are opaque tokens of letters, digits, '-' and '_'; anything else is not one.
const clickId = v.pipe(v.string(), v.trim(), v.regex(new RegExp(`^[\\w-]{1,${LEAD_SOURCE_LIMITS.clickId}}$`)))

const landingPath = v.pipe(
  v.string(),
  v.regex(/^\/(?!\/)[^\s?#]*$/),
  v.check((s) => !hasForbiddenChars(s)),
  v.transform((s) => s.slice(0, LEAD_SOURCE_LIMITS.landingPath)),
)

const referrerHost = v.pipe(
  v.string(),
  v.toLowerCase(),
  v.maxLength(LEAD_SOURCE_LIMITS.referrerHost),
  v.regex(/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*$/),
)

const tagsSchema = v.fallback(
  v.object(
    Object.fromEntries(CAMPAIGN_TAGS.map((tag) => [tag, dropped(CLICK_IDS.has(tag) ? clickId : tagText)])) as Record<
      CampaignTag,
      ReturnType<typeof dropped<typeof tagText>>
    >,
  ),
  {},
)

const sourceObject = v.fallback(
  v.object({
    tags: tagsSchema,
    landingPath: dropped(landingPath),
    referrerHost: dropped(referrerHost),
  }),
  { tags: {} },
)

/** Never fails: an object, or the form's JSON text of one, cleaned; anything else is an empty source. */
const visitSourcePipe = v.pipe(
  v.unknown(),
  v.transform((raw): unknown => {
    if (typeof raw !== 'string') return raw
    if (raw.length > LEAD_SOURCE_LIMITS.json) return {}
    try {
      return JSON.parse(raw) as unknown
    } catch {
      return {}
    }
  }),
  sourceObject,
  v.transform((source): VisitSource => {
    const tags = Object.fromEntries(Object.entries(source.tags).filter(([, value]) => value !== undefined))
    return {
      tags,
      ...(source.landingPath ? { landingPath: source.landingPath } : {}),
      ...(source.referrerHost ? { referrerHost: source.referrerHost } : {}),
    }
  }),
)

export const visitSourceSchema = v.optional(visitSourcePipe, (): VisitSource => ({ tags: {} }))

export function cleanVisitSource(raw: unknown): VisitSource {
  return v.parse(visitSourceSchema, raw)
}

/** The select's answer, or '' for none: an answer not on the list is dropped, not refused. */
export const heardAboutSchema = v.fallback(v.pipe(v.string(), v.trim(), v.picklist(['', ...HEARD_ABOUT])), '')

const SEARCH_HOST =
  /(?:^|\.)(?:google(?:\.com?)?\.[a-z]{2,3}|google\.com|bing\.com|duckduckgo\.com|yahoo\.com|ecosia\.org|search\.brave\.com|yandex\.[a-z]{2,3}|baidu\.com|startpage\.com|qwant\.com|aol\.com|com\.google\.android\.googlequicksearchbox)$/
const SOCIAL_HOST =
  /(?:^|\.)(?:facebook\.com|fb\.com|instagram\.com|nextdoor\.com|x\.com|t\.co|twitter\.com|linkedin\.com|lnkd\.in|pinterest\.com|youtube\.com|reddit\.com|tiktok\.com|threads\.net)$/
const SOCIAL_SOURCE =
  /^(?:facebook|fb|instagram|ig|nextdoor|x|twitter|linkedin|pinterest|youtube|reddit|tiktok|threads)$/
const PAID_MEDIUM = /^(?:cpc|ppc|paid[-_ ]?search|sem)$/
const SOCIAL_MEDIUM = /^(?:social|social[-_ ]?media|paid[-_ ]?social)$/
const GBP_SOURCE = /^(?:gbp|gmb|google[-_ ]?business[-_ ]?profile|google[-_ ]?my[-_ ]?business)$/

/** The one channel a lead is counted under; the raw values are kept beside it. */
export function leadChannel(source: VisitSource): LeadChannel {
  const { tags, referrerHost } = source
  const utmSource = tags.utm_source?.toLowerCase() ?? ''
  const utmMedium = tags.utm_medium?.toLowerCase() ?? ''
  if (tags.gclid || tags.gbraid || tags.wbraid || tags.msclkid) return 'paid_search'
  if (GBP_SOURCE.test(utmSource)) return 'google_business_profile'
  if (PAID_MEDIUM.test(utmMedium)) return 'paid_search'
  if (tags.fbclid || SOCIAL_MEDIUM.test(utmMedium) || SOCIAL_SOURCE.test(utmSource)) return 'social'
  if (Object.keys(tags).some((tag) => tag.startsWith('utm_'))) {
    return utmMedium === 'organic' && SEARCH_HOST.test(`${utmSource}.com`) ? 'organic_search' : 'campaign'
  }
  if (referrerHost) {
    if (SEARCH_HOST.test(referrerHost)) return 'organic_search'
    if (SOCIAL_HOST.test(referrerHost)) return 'social'
    return 'referral'
  }
  return 'direct'
}

/** What is stored with a lead about how it came. */
export interface LeadSource extends VisitSource {
  channel: LeadChannel
  heardAbout?: HeardAbout
}

export function leadSource(visit: VisitSource, heardAbout: HeardAbout | '' = ''): LeadSource {
  return { ...visit, channel: leadChannel(visit), ...(heardAbout ? { heardAbout } : {}) }
}

/** The lead's columns storeLead stores of the source (store-lead.server.ts); NULL where nothing is known. */
export function leadSourceColumns(source: LeadSource | undefined) {
  return {
    source_channel: source?.channel ?? null,
    source_tags: source && Object.keys(source.tags).length > 0 ? JSON.stringify(source.tags) : null,
    landing_path: source?.landingPath || null,
    referrer_host: source?.referrerHost || null,
    heard_about: source?.heardAbout || null,
  } satisfies Partial<Insertable<DB['leads']>>
}
