// Money is whole cents everywhere (docs/style.md); here it meets the dollars people read and type: the one
// formatter and the one parser.
import * as v from 'valibot'

// Built once, on first use: every amount on a page, in an e-mail, a push or a view of the owner goes through it.
// Not at import: the lead form imports this, and building a currency format took about 25 ms of one task.
let dollars: Intl.NumberFormat | undefined

/** "$1,234.00"; `whole`: "$1,234" when there are no cents, as a typical price reads. */
export function formatCents(cents: number, { whole = false } = {}): string {
  dollars ??= new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 })
  const text = dollars.format(cents / 100)
  return whole && cents % 100 === 0 ? text.slice(0, -3) : text
}

/**
 * Plain dollars, as a field shows them to edit and a file gives them to a program: "1250.5", "900"; '' for none.
 * `fixed`: always with cents, "900.00", as the bookkeeper's file has them.
 */
export const centsText = (cents: number | null = null, { fixed = false } = {}) =>
  cents === null ? '' : fixed ? (cents / 100).toFixed(2) : (cents / 100).toFixed(2).replace(/\.00$/, '')

/** $100,000: the most a quote's line or a won job may be worth. */
export const MAX_CENTS = 10_000_000

export const sumCents = (amounts: number[]) => amounts.reduce((total, cents) => total + cents, 0)

/** A dollars field's messages, in its form's words. */
export interface DollarsTexts {
  required: string
  negative: string
  format: string
  cents: string
  max: string
}

/** Dollars as typed ("1,250.50", "$900", 900) into whole cents, up to MAX_CENTS; the first issue only. */
export const priceSchema = (texts: DollarsTexts) =>
  v.config(
    v.pipe(
      v.union([v.string(), v.number()], texts.required),
      v.transform((raw) => (typeof raw === 'number' ? String(raw) : raw.replace(/[\s$,]/g, ''))),
      v.nonEmpty(texts.required),
      v.check((text) => !text.startsWith('-'), texts.negative),
      v.check((text) => /^\d+(\.\d+)?$/.test(text), texts.format),
      v.check((text) => !/\.\d{3,}$/.test(text), texts.cents),
      v.transform((text) => Math.round(Number(text) * 100)),
      v.check((cents) => cents <= MAX_CENTS, texts.max),
    ),
    { abortPipeEarly: true },
  )

/** The same, where an empty field (or null, or nothing) is "none": null. */
export function optionalPriceSchema(texts: DollarsTexts) {
  const price = priceSchema(texts)
  return v.pipe(
    v.optional(v.nullable(v.union([v.string(), v.number()])), null),
    v.transform((raw) => (raw === null ? '' : String(raw).trim())),
    v.check(
      (text) => text === '' || v.safeParse(price, text).success,
      (issue) => v.safeParse(price, issue.input).issues?.[0].message ?? texts.format,
    ),
    v.transform((text) => (text === '' ? null : (v.safeParse(price, text).output as number))),
  )
}
