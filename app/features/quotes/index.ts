export { OwnerLeadQuote } from './owner-lead-quote'
export { formatDay, formatPacificTime, type LeadQuote } from './quote'
export { BusinessHeader, ItemTable, Paragraphs, Section } from './quote-parts'
export {
  checkPriceList,
  firstIssue,
  type PriceList,
  type PriceListInput,
  QUOTE_LIMITS,
  quoteItemInputSchema,
  quotePriceSchema,
} from './quote-schema'
export { OWNER_QUOTE_TEXTS } from './quote-texts'
export { type PriceSettings, renewCalendarFeed, saveOwnerPrices } from './quotes.functions'
