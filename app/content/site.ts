import { buildEnv } from './build-env'

const env = buildEnv

function setting(name: string, fallback: string): string {
  const value = env[name]?.trim()
  return value ? value : fallback
}

function e164(phone: string): string {
  const digits = phone.replace(/\D/g, '')
  return `+${digits.length === 10 ? `1${digits}` : digits}`
}

export function telHref(phone: string): string {
  return `tel:${e164(phone)}`
}

/** `?&body=`: Android reads the query, iOS the `&body=` part; the body is URL-encoded for both. */
export function smsHref(phone: string, body: string): string {
  return `sms:${e164(phone)}?&body=${encodeURIComponent(body)}`
}

/** A public start still using one of these is warned about. */
export const placeholderFacts = {
  BUSINESS_PHONE: '(916) 555-0142',
  BUSINESS_EMAIL: 'quotes@deltabreeze.example',
  BUSINESS_STREET: '2150 Delta Breeze Way',
  SOCIAL_INSTAGRAM: 'https://www.instagram.com/deltabreezewash',
  SOCIAL_FACEBOOK: 'https://www.facebook.com/deltabreezewash',
  SOCIAL_TIKTOK: 'https://www.tiktok.com/@deltabreezewash',
  SOCIAL_LINKEDIN: 'https://www.linkedin.com/company/deltabreezewash',
} as const

const phone = setting('BUSINESS_PHONE', placeholderFacts.BUSINESS_PHONE)

export const site = {
  name: setting('BUSINESS_NAME', 'Delta Breeze Pressure Washing'),
  shortName: setting('BUSINESS_SHORT_NAME', 'Delta Breeze'),
  baseUrl: setting('SITE_URL', 'http://localhost:3000').replace(/\/+$/, ''),
  phone,
  phoneHref: telHref(phone),
  email: setting('BUSINESS_EMAIL', placeholderFacts.BUSINESS_EMAIL),
  address: {
    street: setting('BUSINESS_STREET', placeholderFacts.BUSINESS_STREET),
    city: 'Sacramento',
    region: 'CA',
    postalCode: setting('BUSINESS_POSTAL_CODE', '95815'),
    country: 'US',
  },
  geo: { latitude: 38.5816, longitude: -121.4944 },
  hours: { opens: '07:00', closes: '19:00', days: 'every day', label: '7:00 AM – 7:00 PM' },
  serviceRadiusMeters: 50000,
  foundedYear: 2018,
  social: {
    instagram: setting('SOCIAL_INSTAGRAM', placeholderFacts.SOCIAL_INSTAGRAM),
    facebook: setting('SOCIAL_FACEBOOK', placeholderFacts.SOCIAL_FACEBOOK),
    tiktok: setting('SOCIAL_TIKTOK', placeholderFacts.SOCIAL_TIKTOK),
    linkedin: setting('SOCIAL_LINKEDIN', placeholderFacts.SOCIAL_LINKEDIN),
  },
  copyrightYear: 2025,
  /** The CSLB licence number. */
  contractorLicense: env.CONTRACTOR_LICENSE?.trim() || null,
} as const

export const fullAddress = `${site.address.street}, ${site.address.city}, ${site.address.region} ${site.address.postalCode}`

export const claims = {
  yearsInBusiness: '6+',
  since: `since ${site.foundedYear}`,
  licensed: 'Licensed, bonded and insured',
  freeEstimates: 'Free estimates',
  sameDayResponse: 'Same-day response',
  guarantee: '100% satisfaction guarantee',
  rating: '5.0',
  replyWithin: '24 hours',
  concreteLife: 'up to 50%',
  propertyValue: 'up to 10%',
  epoxyInstall: '1-2 days',
} as const

export const stats = [
  { value: 700, suffix: '+', label: 'Happy Customers' },
  { value: 6, suffix: '+', label: 'Years Experience' },
  { value: 100, suffix: '%', label: 'Satisfaction Rate' },
  { value: 24, suffix: '/7', label: 'Support Available' },
] as const
