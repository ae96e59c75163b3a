// What every page's entry needs to note a visit's source (visit-source.ts): no texts, so the entry chunk stays small.
// The rest (answers, channels) is in lead-source-constants.ts, which re-exports these.

/** The campaign tags and ad click ids kept from the address a visit arrived by. */
export const CAMPAIGN_TAGS = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'gclid',
  'gbraid',
  'wbraid',
  'fbclid',
  'msclkid',
] as const
export type CampaignTag = (typeof CAMPAIGN_TAGS)[number]

/** sessionStorage: one visit, one tab; nothing survives the tab. */
export const VISIT_SOURCE_KEY = 'dbpw-visit-source'

/** The quote form's hidden field carrying the visit's source as JSON. */
export const VISIT_SOURCE_FIELD = 'visitSource'
