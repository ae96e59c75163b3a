import { createIsomorphicFn } from '@tanstack/react-start'
import { issueRenderedFormToken } from '~/server/quote/form-token.server'

/** The hidden field the no-JavaScript form posts: the same for every visitor of one cached render. */
export const QUOTE_FORM_TOKEN_NAME = 'formToken'

/** Signed as the server renders the form; the browser never makes one (it keeps the server's markup). */
export const renderedQuoteFormToken = createIsomorphicFn()
  .server(() => issueRenderedFormToken())
  .client(() => '')
