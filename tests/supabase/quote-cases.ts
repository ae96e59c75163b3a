/**
 * ONE table of quote cases for the site's schema and the `send-quote-email` function, so the two cannot
 * drift apart. `error` is the expected first message (null: valid).
 */
import { QUOTE_FIELD_MESSAGES as M } from '../../app/lib/quote-schema'

export interface QuoteCase {
  name: string
  body: unknown
  error: string | null
}

const ok = { firstName: 'Maria', email: 'maria@example.com', phone: '(916) 555-0199' }

export const quoteCases: QuoteCase[] = [
  { name: 'a plain valid request', body: ok, error: null },
  {
    name: 'values with spaces around them (trimmed)',
    body: { firstName: '  Dee ', email: ' dee@example.com ', phone: ' 916-555-0106 ' },
    error: null,
  },
  {
    name: 'accents, apostrophes and non-Latin names',
    body: { ...ok, firstName: "José O'Brien-Łukasz 李" },
    error: null,
  },
  { name: 'an international phone number', body: { ...ok, phone: '+1 916 555 0199' }, error: null },
  { name: 'unknown extra keys are ignored', body: { ...ok, company: 'x', extra: true }, error: null },
  { name: 'first name: 100 characters', body: { ...ok, firstName: 'a'.repeat(100) }, error: null },
  { name: 'empty first name', body: { ...ok, firstName: '' }, error: M.firstNameRequired },
  { name: 'missing first name', body: { email: ok.email, phone: ok.phone }, error: M.firstNameRequired },
  { name: 'whitespace-only first name', body: { ...ok, firstName: '   ' }, error: M.firstNameRequired },
  { name: 'first name that is not a string', body: { ...ok, firstName: 42 }, error: M.firstNameRequired },
  { name: 'first name: 101 characters', body: { ...ok, firstName: 'a'.repeat(101) }, error: M.firstNameTooLong },
  {
    name: 'header injection in the first name',
    body: { ...ok, firstName: 'Ann\r\nBcc: victim@example.com' },
    error: M.firstNameInvalidChars,
  },
  {
    name: 'bidi override in the first name',
    body: { ...ok, firstName: 'Ann\u202Egnp.exe' },
    error: M.firstNameInvalidChars,
  },
  { name: 'empty email', body: { ...ok, email: '' }, error: M.emailRequired },
  { name: 'email without @', body: { ...ok, email: 'not-an-email' }, error: M.emailInvalid },
  { name: 'email without a top-level domain', body: { ...ok, email: 'a@b' }, error: M.emailInvalid },
  { name: 'email with a space', body: { ...ok, email: 'a b@example.com' }, error: M.emailInvalid },
  {
    name: 'email with a line break',
    body: { ...ok, email: 'a@example.com\nBcc: x@example.com' },
    error: M.emailInvalidChars,
  },
  { name: 'email: 255 characters', body: { ...ok, email: `${'a'.repeat(243)}@example.com` }, error: M.emailTooLong },
  { name: 'empty phone', body: { ...ok, phone: '' }, error: M.phoneRequired },
  { name: 'phone with too few digits', body: { ...ok, phone: '555-01' }, error: M.phoneInvalid },
  { name: 'phone with too many digits', body: { ...ok, phone: '1234567890123456' }, error: M.phoneInvalid },
  {
    name: 'phone: 41 characters',
    body: { ...ok, phone: `916-555-0199${' '.repeat(20)}x${'1'.repeat(8)}` },
    error: M.phoneTooLong,
  },
  { name: 'phone with a tab', body: { ...ok, phone: '916\t555 0199' }, error: M.phoneInvalidChars },
  {
    name: 'first field error wins (all empty)',
    body: { firstName: '', email: '', phone: '' },
    error: M.firstNameRequired,
  },
  { name: 'a JSON array instead of an object', body: [ok], error: M.firstNameRequired },
  { name: 'JSON null', body: null, error: 'Invalid form data' },
  { name: 'a JSON string', body: 'hello', error: 'Invalid form data' },
]
