// How a lead found the site (docs/decisions/047-lead-sources.md). Valibot-free: the form's select imports from
// here, the server's checks from lead-source.ts; the page's capture only from visit-source-constants.ts.

export { CAMPAIGN_TAGS, VISIT_SOURCE_FIELD, VISIT_SOURCE_KEY, type CampaignTag } from './visit-source-constants'

/** The answers to "How did you hear about us?", in the order offered. */
export const HEARD_ABOUT_LABELS = {
  'google-search': 'Google search',
  'google-maps': 'Google Maps',
  ad: 'An ad',
  'facebook-instagram': 'Facebook or Instagram',
  nextdoor: 'Nextdoor',
  yelp: 'Yelp',
  friend: 'A friend or neighbor',
  'truck-or-sign': 'Our truck or a yard sign',
  'used-before': "I've used you before",
  other: 'Other',
} as const
export type HeardAbout = keyof typeof HEARD_ABOUT_LABELS
export const HEARD_ABOUT = Object.keys(HEARD_ABOUT_LABELS) as HeardAbout[]

export const HEARD_ABOUT_QUESTION = 'How did you hear about us?'

/** One channel per lead, worked out on the server from what the visit brought (leadChannel); due_again is a
 * reminder's booking (decision 064). */
export const LEAD_CHANNEL_LABELS = {
  paid_search: 'Paid search',
  google_business_profile: 'Google Business Profile',
  organic_search: 'Organic search',
  social: 'Social',
  referral: 'Another site',
  campaign: 'Other tagged link',
  direct: 'Direct',
  due_again: 'Due again (due-again)',
} as const
export type LeadChannel = keyof typeof LEAD_CHANNEL_LABELS
export const LEAD_CHANNELS = Object.keys(LEAD_CHANNEL_LABELS) as LeadChannel[]
