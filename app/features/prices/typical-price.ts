// The typical prices a visitor sees (docs/decisions/057-price-ranges.md), read by the lead form, the service tab,
// the assistant and the owner's card. The owner enters them with every mandatory charge included (SB 478).
import { formatCents } from '../../lib/money'

export interface SizeRange {
  /** The owner's own word ("two-story"); '' for the one range of a service without sizes. */
  size: string
  lowCents: number
  highCents: number
}

/** A service's prices as visitors see them; a service without a range has none. */
export interface TypicalPrice {
  minimumCents: number | null
  ranges: SizeRange[]
  rule: string
}

/** The range a lead was shown, as the lead keeps it. */
export interface ShownPrice extends SizeRange {
  minimumCents: number | null
}

export const DEFAULT_PRICE_RULE =
  'The final price is set once we see the property, and we tell you before any work starts.'

/** The lead form's button without JavaScript: post the service (and size) chosen, get the form back with its price. */
export const SHOW_PRICE_INTENT = { name: 'intent', value: 'price' } as const

export const PRICE_LIMITS = { ranges: 6, size: 40, rule: 300, description: 200, terms: 20_000 } as const

const dollars = (cents: number) => formatCents(cents, { whole: true })

export const TYPICAL_PRICE_TEXTS = {
  range: ({ lowCents, highCents }: SizeRange) => `Typical price: ${dollars(lowCents)}–${dollars(highCents)}`,
  minimum: (cents: number) => `Minimum charge: ${dollars(cents)}`,
  sizeQuestion: 'Size',
  heading: 'Typical prices',
  showPrice: 'Show the typical price',
  /** The chat's answer to "how much" about a priced service. */
  answer: (title: string, price: TypicalPrice) =>
    `${title}: ${price.ranges.map((range) => `${TYPICAL_PRICE_TEXTS.range(range)}${range.size ? ` (${range.size})` : ''}`).join('; ')}.` +
    (price.minimumCents === null ? '' : ` ${TYPICAL_PRICE_TEXTS.minimum(price.minimumCents)}.`) +
    ` ${price.rule}`,
  /** The owner's card: what the visitor saw when the lead came. */
  shown: (price: ShownPrice) =>
    `Typical price shown: ${dollars(price.lowCents)}–${dollars(price.highCents)}` +
    (price.size ? ` (${price.size})` : '') +
    (price.minimumCents === null ? '' : `, minimum ${dollars(price.minimumCents)}`),
} as const

/** The range for `size`, or the one range of a service without sizes; null when none fits. */
export function rangeFor(price: TypicalPrice | null, size: string): SizeRange | null {
  if (!price) return null
  if (!hasSizes(price)) return price.ranges[0] ?? null
  return price.ranges.find((range) => range.size === size) ?? null
}

export const hasSizes = (price: TypicalPrice) => price.ranges.some((range) => range.size !== '')
