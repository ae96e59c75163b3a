export {
  formatDay,
  formatPacificTime,
  formatWindow,
  QUOTE_TOKEN_PATTERN,
  quoteLink,
  quotePath,
  type LeadQuote,
} from './quote'
export { BusinessPage, ItemTable, Paragraphs, Section } from './quote-parts'
export { quoteDraftSchema, quoteItemInputSchema, quotePriceSchema } from './quote-schema'
export { QUOTE_PAGE_TEXTS } from './quote-texts'
