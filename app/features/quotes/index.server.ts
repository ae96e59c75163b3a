export type { QuotePageVisit } from './quote-page.server'
export { scheduleJobIn, sendQuote, withQuotes } from './quotes.server'
