export const QUOTE_FALLBACK_ACTION = '/quote-request'

/** No autofill knows it, so a real visitor is never flagged. */
export const QUOTE_HONEYPOT_NAME = 'dbpw-check'

export const QUOTE_FORM_TOKEN_NAME = 'formToken'
