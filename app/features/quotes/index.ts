export { OwnerLeadQuote } from './owner-lead-quote'
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
export { QUOTE_DRAFT_LIMITS, quoteDraftSchema, quoteItemInputSchema, quotePriceSchema } from './quote-schema'
export { OWNER_QUOTE_TEXTS, QUOTE_PAGE_TEXTS } from './quote-texts'
