export { calendarFeedSecret, calendarFeedUrl } from './calendar.server'
export { withQuotes } from './quotes.server'
