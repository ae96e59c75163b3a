// Money is whole cents everywhere (docs/style.md); here it meets the dollars people read and type.

// Built once, on first use: every amount on a page, in an e-mail, a push or a view of the owner goes through it.
// Not at import: the lead form imports this, and building a currency format took about 25 ms of one task.
let dollars: Intl.NumberFormat | undefined

/** "$1,234.00"; `whole`: "$1,234" when there are no cents, as a typical price reads. */
export function formatCents(cents: number, { whole = false } = {}): string {
  dollars ??= new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 })
  const text = dollars.format(cents / 100)
  return whole && cents % 100 === 0 ? text.slice(0, -3) : text
}

/** Plain dollars, as a field shows them to edit and a file gives them to a program: "1250.5", "900"; '' for none. */
export const centsText = (cents: number | null = null) =>
  cents === null ? '' : (cents / 100).toFixed(2).replace(/\.00$/, '')

/** $100,000: the most a quote's line or a won job may be worth. */
export const MAX_CENTS = 10_000_000

export const sumCents = (amounts: number[]) => amounts.reduce((total, cents) => total + cents, 0)
