export type { QuotePageVisit } from './quote-page.server'
export { scheduleJobIn, withQuotes } from './quotes.server'
