import type { TypicalPrice } from '~/features/prices'

export const LEAD_FALLBACK_ACTION = '/quote-request'

/** No autofill knows it, so a real visitor is never flagged. */
export const LEAD_HONEYPOT_NAME = 'dbpw-check'

export const LEAD_FORM_TOKEN_NAME = 'formToken'

export const PREFERRED_TIMES = ['morning', 'afternoon', 'flexible'] as const
export type PreferredTime = (typeof PREFERRED_TIMES)[number]

/** As the form offers them and the owner reads them. */
export const PREFERRED_TIME_LABELS: Record<PreferredTime, string> = {
  morning: 'Morning',
  afternoon: 'Afternoon',
  flexible: 'Flexible',
}

/** Every field a visitor fills in, in the form's order: the first three are required. */
export const LEAD_FIELD_NAMES = [
  'firstName',
  'email',
  'phone',
  'service',
  'size',
  'street',
  'zip',
  'preferredTime',
  'heardAbout',
] as const
export type LeadFieldName = (typeof LEAD_FIELD_NAMES)[number]
export type LeadFormValues = Record<LeadFieldName, string>

/**
 * A submission the server refused, or one asking the typical price without JavaScript, shown again as the visitor
 * left it (docs/product.md#quote-form).
 */
export interface LeadFormInitial {
  values: Partial<LeadFormValues>
  errors: Partial<Record<LeadFieldName, string>>
  /** The posted service's typical price, when asked for; null when it has none. */
  price?: TypicalPrice | null
}
