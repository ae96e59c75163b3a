import * as v from 'valibot'
import { PREFERRED_TIMES, type LeadFieldName } from './lead-form-constants'
import { LEAD_FIELD_MESSAGES, LEAD_MESSAGES } from './lead-messages'
import { heardAboutSchema, visitSourceSchema } from './lead-source'
import { serviceIds } from '../../content/types'
import { EMAIL_MAX, EMAIL_PATTERN, hasForbiddenChars, isValidEmail } from '../../lib/text'

export { EMAIL_PATTERN, hasForbiddenChars, isValidEmail }

export { LEAD_ERROR_MESSAGES, LEAD_FIELD_MESSAGES, LEAD_MESSAGES } from './lead-messages'

const LEAD_FIELD_LIMITS = {
  firstName: 100,
  email: EMAIL_MAX,
  phone: 40,
  company: 200,
  sourcePage: 200,
  street: 200,
  size: 40,
  phoneDigitsMin: 7,
  phoneDigitsMax: 15,
} as const

const M = LEAD_FIELD_MESSAGES

const ONE_ISSUE = { abortPipeEarly: true } as const

/** Trimmed, short enough and free of control characters; `notText` when it is not a string. */
const cleanText = (max: number, tooLong: string, invalidChars: string, notText = invalidChars) =>
  v.pipe(
    v.string(notText),
    v.trim(),
    v.maxLength(max, tooLong),
    v.check((s) => !hasForbiddenChars(s), invalidChars),
  )

/** Clean and present, or the field's own message (empty passes the length and character checks). */
const requiredText = (field: 'firstName' | 'email' | 'phone') =>
  v.pipe(
    cleanText(LEAD_FIELD_LIMITS[field], M[`${field}TooLong`], M[`${field}InvalidChars`], M[`${field}Required`]),
    v.nonEmpty(M[`${field}Required`]),
  )

// Optional, so a missing key reports the field's own "… is required"; one issue at a time.
const formField = <T extends v.GenericSchema<string, string>>(schema: T) => v.optional(v.config(schema, ONE_ISSUE), '')

/** Trimmed; empty, or a value `allowed` accepts. */
const emptyOr = (message: string, allowed: (s: string) => boolean) =>
  formField(
    v.pipe(
      v.string(message),
      v.trim(),
      v.check((s) => s === '' || allowed(s), message),
    ),
  )

/**
 * Required first name, e-mail and phone; an optional service and size, service address, preferred time and answer
 * to "How did you hear about us?" (docs/product.md#validation).
 */
export const leadRequestSchema = v.object(
  {
    firstName: formField(requiredText('firstName')),
    email: formField(v.pipe(requiredText('email'), v.regex(EMAIL_PATTERN, M.emailInvalid))),
    phone: formField(
      v.pipe(
        requiredText('phone'),
        v.check((s) => {
          const digits = s.replace(/\D/g, '').length
          return digits >= LEAD_FIELD_LIMITS.phoneDigitsMin && digits <= LEAD_FIELD_LIMITS.phoneDigitsMax
        }, M.phoneInvalid),
      ),
    ),
    // Which service and size the typical price was shown for (decision 057): the server looks the price up itself.
    service: emptyOr(M.serviceInvalid, (s) => (serviceIds as readonly string[]).includes(s)),
    size: formField(cleanText(LEAD_FIELD_LIMITS.size, M.sizeInvalid, M.sizeInvalid)),
    // Optional: empty is fine, anything else must be a street a person could type.
    street: formField(cleanText(LEAD_FIELD_LIMITS.street, M.streetTooLong, M.streetInvalidChars)),
    zip: emptyOr(M.zipInvalid, (s) => /^\d{5}(?:-\d{4})?$/.test(s)),
    preferredTime: emptyOr(M.preferredTimeInvalid, (s) => (PREFERRED_TIMES as readonly string[]).includes(s)),
    heardAbout: heardAboutSchema,
  },
  'Invalid form data',
)

export const leadSubmissionSchema = v.object(
  {
    ...leadRequestSchema.entries,
    company: v.nullish(
      v.pipe(v.string('Invalid form data'), v.maxLength(LEAD_FIELD_LIMITS.company, 'Invalid form data')),
    ),
    /** A bad one is not refused but flagged. */
    formToken: v.nullish(v.pipe(v.string('Invalid form data'), v.maxLength(200, 'Invalid form data'))),
    idempotencyKey: v.pipe(
      v.string('Missing submission key. Please reload the page and try again.'),
      v.regex(/^[A-Za-z0-9_-]{8,100}$/, 'Invalid submission key. Please reload the page and try again.'),
    ),
    sourcePage: v.nullish(
      v.pipe(
        v.string('Invalid page address'),
        v.maxLength(LEAD_FIELD_LIMITS.sourcePage, 'Invalid page address'),
        v.startsWith('/', 'Invalid page address'),
        v.check((s) => !hasForbiddenChars(s), 'Invalid page address'),
      ),
    ),
    /** What the visit arrived with (lead-source.ts): cleaned, never a reason to refuse. */
    visitSource: visitSourceSchema,
  },
  'Invalid form data',
)

export type LeadSubmissionInput = v.InferInput<typeof leadSubmissionSchema>

export type LeadSubmitResponse =
  /** `photoToken`: lets this visitor add photos to the stored lead for 24 h (docs/decisions/044-lead-photos.md). */
  | { success: true; photoToken?: string }
  /** `field`: the form field the message belongs beside, when it is about one. */
  | { success: false; error: string; reason: 'invalid' | 'rate-limited' | 'call-failed'; field?: LeadFieldName }

/** No answer, or a refusal: "Error Submitting…"; an answer without a success flag: "Error Processing…". */
export function leadResponseToast(response: LeadSubmitResponse | null | undefined) {
  if (response && response.success === true) return { ...LEAD_MESSAGES.success, variant: 'success' as const }
  if (response && typeof response.success !== 'boolean')
    return { ...LEAD_MESSAGES.processingError, variant: 'warning' as const }
  return { ...LEAD_MESSAGES.submitError, variant: 'error' as const }
}
