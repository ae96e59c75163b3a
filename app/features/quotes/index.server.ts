export type { QuotePageVisit } from './quote-page.server'
export { quoteOf } from './quote-reads.server'
export { scheduleJobIn, sendQuote, withQuotes } from './quotes.server'
