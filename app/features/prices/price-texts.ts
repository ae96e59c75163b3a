/** The words of the owner's Prices view and its validation (docs/product.md#validation). */

export const OWNER_PRICE_TEXTS = {
  pricesTab: 'Prices',
  pricesHeading: 'Price list',
  description: 'Description',
  pricesHelp: 'One line per service: what "Add from price list" puts in a quote. The price is a starting point.',
  startingPrice: 'Starting price ($, optional)',
  typicalHelp:
    'Typical prices show on the quote form, the service page and in the chat. Include every mandatory charge (California SB 478). Leave a service empty to show no price.',
  minimum: 'Minimum charge ($, optional)',
  size: (row: number) => `Size ${row}`,
  low: 'From ($)',
  high: 'To ($)',
  rule: 'Price rule shown under every typical price',
  terms: 'Terms shown with every quote',
  termsHelp: 'Leave empty to use the standard terms.',
  save: 'Save',
  saved: 'Saved.',
} as const

/** A line's description and price: a quote's item is checked by the same rules (quote-schema.ts). */
export const PRICE_LINE_FIELD_TEXTS = {
  descriptionRequired: 'Describe the item',
  descriptionLong: 'An item description must be 200 characters or fewer',
  descriptionChars: 'The description contains characters that are not allowed',
  priceRequired: 'Enter a price',
  priceNegative: 'A price cannot be negative',
  priceFormat: 'Enter the price in dollars, like 250 or 250.50',
  priceCents: 'A price takes at most 2 decimals (cents)',
  priceMax: 'A price must be $100,000 or less',
} as const

export const PRICE_LIST_FIELD_TEXTS = {
  termsLong: 'The terms must be 20,000 characters or fewer',
  rangeBoth: 'A typical price needs both a low and a high price',
  rangeOrder: 'The low price must not be above the high price',
  rangesMany: 'A service takes at most 6 sizes',
  sizeLong: 'A size name must be 40 characters or fewer',
  sizeMarkup: 'A size name cannot contain < or >',
  sizeChars: 'The size name contains characters that are not allowed',
  sizeMissing: 'Name each size when a service has more than one range',
  sizeTwice: 'Each size of a service needs its own name',
  ruleLong: 'The price rule must be 300 characters or fewer',
} as const
