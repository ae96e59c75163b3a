import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import {
  LEAD_FIELD_MESSAGES,
  LEAD_MESSAGES,
  isValidEmail,
  leadRequestSchema,
  leadResponseToast,
  leadSubmissionSchema,
} from '../../app/features/leads/lead-schema'

const valid = { firstName: 'Maria', email: 'maria@example.com', phone: '(916) 555-0142' }
const envelope = { ...valid, idempotencyKey: 'abcDEF12-_34', sourcePage: '/services?tab=roof', formToken: 'a.b.c' }
/** The optional fields as the schema reads them when left out. */
const noOptions = { service: '', size: '', street: '', zip: '', preferredTime: '', heardAbout: '' }

function issues(input: unknown, schema: typeof leadRequestSchema | typeof leadSubmissionSchema = leadRequestSchema) {
  const r = v.safeParse(schema, input)
  return r.success ? [] : r.issues.map((i) => i.message)
}

describe('product messages, word for word', () => {
  it('field messages (docs/product.md#validation)', () => {
    expect(LEAD_FIELD_MESSAGES).toMatchObject({
      firstNameRequired: 'First name is required',
      emailRequired: 'Email is required',
      emailInvalid: 'Invalid email address',
      phoneRequired: 'Phone number is required',
    })
  })

  it('toasts (docs/product.md)', () => {
    expect(LEAD_MESSAGES).toEqual({
      submitError: {
        title: 'Error Submitting Quote Request',
        description: 'There was a problem sending your quote request. Please call the phone number directly.',
      },
      processingError: {
        title: 'Error Processing Request',
        description: 'There was a problem processing your request. Please call the phone number directly.',
      },
      success: {
        title: 'Quote Request Submitted Successfully!',
        description: "We'll get back to you within 24 hours with your free quote.",
      },
      missingFields: {
        title: 'Please fill in all fields',
        description: 'All fields are required to submit your quote request.',
      },
    })
  })

  // Empty, whitespace only, or not a string at all: each field reports its own required message.
  it.each([
    ['firstName', '', 'First name is required'],
    ['email', '', 'Email is required'],
    ['phone', '', 'Phone number is required'],
    ['firstName', 42, 'First name is required'],
    ['email', null, 'Email is required'],
    ['phone', ['916'], 'Phone number is required'],
    ['firstName', '   \t ', 'First name is required'],
    ['email', ' \n ', 'Email is required'],
  ])('%s given as %j reports %s', (field, value, message) => {
    expect(issues({ ...valid, [field]: value })[0]).toBe(message)
  })

  it('reports every missing field, and an e-mail that is not one', () => {
    expect(issues({})).toEqual(['First name is required', 'Email is required', 'Phone number is required'])
    expect(issues({ ...valid, email: 'nope' })).toEqual(['Invalid email address'])
  })

  it('maps responses to the right toast', () => {
    expect(leadResponseToast({ success: true }).title).toBe('Quote Request Submitted Successfully!')
    // An answer without a success flag (a proxy's page, say) is the product's "Error Processing Request".
    expect(leadResponseToast({ error: 'x' } as never).title).toBe('Error Processing Request')
    expect(leadResponseToast({ success: false, reason: 'call-failed', error: 'x' }).title).toBe(
      'Error Submitting Quote Request',
    )
    expect(leadResponseToast(null).title).toBe('Error Submitting Quote Request')
  })
})

describe('trimming', () => {
  it('trims every value', () => {
    const padded = { firstName: '  Maria ', email: '\tmaria@example.com  ', phone: ' 916-555-0142\n' }
    const trimmed = { firstName: 'Maria', email: 'maria@example.com', phone: '916-555-0142' }
    const chosen = { service: ' full-house ', size: ' two-story ' }
    expect(v.parse(leadRequestSchema, { ...padded, ...chosen, street: ' 12 Oak St ', zip: ' 95630 ' })).toEqual({
      ...trimmed,
      service: 'full-house',
      size: 'two-story',
      street: '12 Oak St',
      zip: '95630',
      preferredTime: '',
      heardAbout: '',
    })
  })
})

describe('the optional service address and preferred time', () => {
  it('may be left out or empty, and then read as empty', () => {
    expect(v.parse(leadRequestSchema, valid)).toEqual({ ...valid, ...noOptions })
    expect(issues({ ...valid, street: '  ', zip: '', preferredTime: '' })).toEqual([])
  })
  it('accepts a 5-digit ZIP or ZIP+4 and nothing else', () => {
    for (const zip of ['95630', '95630-1234']) expect(issues({ ...valid, zip }), zip).toEqual([])
    for (const zip of ['9563', '956301', 'ABCDE', '95630-12', '95630 1234']) {
      expect(issues({ ...valid, zip }), zip).toEqual([LEAD_FIELD_MESSAGES.zipInvalid])
    }
  })
  it('takes a service of the list and a size of at most 40 characters, each optional', () => {
    expect(issues({ ...valid, service: 'roof', size: 'x'.repeat(40) })).toEqual([])
    expect(issues({ ...valid, service: 'pool' })).toEqual([LEAD_FIELD_MESSAGES.serviceInvalid])
    expect(issues({ ...valid, size: 'x'.repeat(41) })).toEqual([LEAD_FIELD_MESSAGES.sizeInvalid])
  })
  it('takes morning, afternoon or flexible as the preferred time', () => {
    for (const preferredTime of ['morning', 'afternoon', 'flexible']) {
      expect(issues({ ...valid, preferredTime }), preferredTime).toEqual([])
    }
    expect(issues({ ...valid, preferredTime: 'midnight' })).toEqual([LEAD_FIELD_MESSAGES.preferredTimeInvalid])
  })
  it('caps the street at 200 characters and refuses control characters in it', () => {
    expect(issues({ ...valid, street: 'a'.repeat(200) })).toEqual([])
    expect(issues({ ...valid, street: 'a'.repeat(201) })).toEqual([LEAD_FIELD_MESSAGES.streetTooLong])
    expect(issues({ ...valid, street: '12 Oak\u202E St' })).toEqual([LEAD_FIELD_MESSAGES.streetInvalidChars])
  })
})

describe('email pattern', () => {
  const accepted = [
    'a@b.co',
    'maria@example.com',
    'first.last@sub.example.org',
    'user+tag@gmail.com',
    "o'brien@example.net",
    'x_y-z@my-domain.io',
    'UPPER@EXAMPLE.COM',
    'name@xn--bcher-kva.ch',
    '123@456.info',
  ]
  const rejected = [
    'plainaddress',
    '@example.com',
    'maria@',
    'maria@example',
    'maria@@example.com',
    'maria@example..com',
    'maria example@example.com',
    'maria@exa mple.com',
    'maria@-example.com',
    'maria@example.c',
    'maria@example.123',
    'a,b@example.com',
    'a@b.com,c@d.com',
    '<a@b.com>',
    '"a"@b.com',
    'a@b.com\r\nBcc: x@y.com',
    'maria@exam_ple.com',
  ]
  it.each(accepted)('accepts %s', (email) => {
    expect(issues({ ...valid, email })).toEqual([])
    expect(isValidEmail(email)).toBe(true)
  })
  it.each(rejected)('rejects %j', (email) => {
    expect(issues({ ...valid, email }).length).toBeGreaterThan(0)
    expect(isValidEmail(email)).toBe(false)
  })
})

describe('length limits', () => {
  it('first name: 100 ok, 101 rejected', () => {
    expect(issues({ ...valid, firstName: 'a'.repeat(100) })).toEqual([])
    expect(issues({ ...valid, firstName: 'a'.repeat(101) })).toEqual([LEAD_FIELD_MESSAGES.firstNameTooLong])
  })
  it('email: 254 ok, 255 rejected', () => {
    const at254 = `${'a'.repeat(64)}@${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(63)}.com`
    expect(at254.length).toBe(254)
    expect(issues({ ...valid, email: at254 })).toEqual([])
    expect(issues({ ...valid, email: `a${at254}` })[0]).toBe(LEAD_FIELD_MESSAGES.emailTooLong)
  })
  it('phone: 40 ok, 41 rejected; 7–15 digits', () => {
    const forty = `916 555 0142${' '.repeat(27)}x`.replace('x', '1')
    expect(forty.length).toBe(40)
    expect(issues({ ...valid, phone: forty })).toEqual([])
    expect(issues({ ...valid, phone: `${'-'.repeat(31)}9165550142` })[0]).toBe(LEAD_FIELD_MESSAGES.phoneTooLong)
    for (const phone of ['555-0142', '+1 916 555 0142 ext 1234']) expect(issues({ ...valid, phone })).toEqual([])
    for (const phone of ['555-014', '1234567890123456', 'call me'])
      expect(issues({ ...valid, phone })).toEqual(['Please enter a valid phone number'])
  })
})

describe('control characters', () => {
  const bad = ['\u0000', '\u0007', '\r', '\n', '\u001b', '\u007f', '\u0085', '\u2028', '\u202e']
  it.each(bad.map((c) => [JSON.stringify(c), c]))('rejects %s inside values', (_label, c) => {
    expect(issues({ ...valid, firstName: `Bo${c}b` })).toEqual([LEAD_FIELD_MESSAGES.firstNameInvalidChars])
    expect(issues({ ...valid, phone: `916${c}5550142` })).toContain(LEAD_FIELD_MESSAGES.phoneInvalidChars)
    expect(issues({ ...valid, email: `ma${c}ria@example.com` })[0]).toBe(LEAD_FIELD_MESSAGES.emailInvalidChars)
  })
  it('allows accents, apostrophes, hyphens and non-Latin names', () => {
    for (const firstName of ['José', "D'Angelo", 'Mary-Kate', 'Nguyễn', '李', 'Zoë Ann']) {
      expect(issues({ ...valid, firstName })).toEqual([])
    }
  })
})

describe('submission envelope', () => {
  it('accepts a full envelope and drops unknown keys', () => {
    const out = v.parse(leadSubmissionSchema, { ...envelope, company: '', extra: 'x' })
    expect(out).toEqual({ ...envelope, company: '', ...noOptions, visitSource: { tags: {} } })
  })
  const base = { ...valid, idempotencyKey: 'abcdefgh' }
  const submitted = (input: object) => issues(input, leadSubmissionSchema)
  it('optional fields may be absent or null', () => {
    expect(submitted(base)).toEqual([])
    expect(submitted({ ...base, company: null, formToken: null, sourcePage: null })).toEqual([])
  })
  it('validates the idempotency key', () => {
    for (const idempotencyKey of [undefined, 'short', 'a'.repeat(101), 'has space1'])
      expect(submitted({ ...valid, idempotencyKey }), idempotencyKey).toHaveLength(1)
    expect(submitted({ ...valid, idempotencyKey: 'a'.repeat(100) })).toEqual([])
  })
  it('validates sourcePage, company and the form token', () => {
    expect(submitted({ ...base, sourcePage: 'https://evil.example/' })).toEqual(['Invalid page address'])
    expect(submitted({ ...base, sourcePage: `/${'a'.repeat(200)}` }).length).toBeGreaterThan(0)
    expect(submitted({ ...base, sourcePage: '/a\nb' }).length).toBeGreaterThan(0)
    for (const wrong of [{ company: 'x'.repeat(201) }, { formToken: 3000 }, { formToken: 'x'.repeat(201) }])
      expect(submitted({ ...base, ...wrong })).toHaveLength(1)
  })
  it('field errors come before envelope errors', () => {
    expect(submitted({ firstName: '' })[0]).toBe('First name is required')
  })
})
