/** Without JavaScript. */
export const QUOTE_FALLBACK_ACTION = '/quote-request'

/** A name no autofill recognises, so a real visitor is never flagged. */
export const QUOTE_HONEYPOT_NAME = 'dbpw-check'
