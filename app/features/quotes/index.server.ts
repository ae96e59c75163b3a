export { withQuotes } from './quotes.server'
