/** Where the quote form posts when JavaScript has not (yet) taken it over: app/routes/quote-request.tsx. */
export const QUOTE_FALLBACK_ACTION = '/quote-request'

/** The honeypot's DOM name: one no browser autofill recognises, so a real visitor is never flagged. */
export const QUOTE_HONEYPOT_NAME = 'dbpw-check'
