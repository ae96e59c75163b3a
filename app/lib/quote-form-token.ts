import { createIsomorphicFn } from '@tanstack/react-start'
import { issueRenderedFormToken } from '~/server/quote/form-token.server'

export const QUOTE_FORM_TOKEN_NAME = 'formToken'

/** The browser never makes one: it keeps the server's markup. */
export const renderedQuoteFormToken = createIsomorphicFn()
  .server(() => issueRenderedFormToken())
  .client(() => '')
