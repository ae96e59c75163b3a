import { createServerFn } from '@tanstack/react-start'
import { getRequest, setResponseHeader, setResponseStatus } from '@tanstack/react-start/server'
import * as v from 'valibot'
import { quoteSubmissionSchema, type QuoteSubmissionInput, type QuoteSubmitResponse } from './quote-schema'

/** Validates with the same schema as the form; bad input is a 400 with the first issue's message. */
function validateSubmission(input: unknown): QuoteSubmissionInput {
  const result = v.safeParse(quoteSubmissionSchema, input)
  if (!result.success) {
    // An error thrown inside a server function is serialized with the response's status: set it.
    setResponseStatus(400)
    throw new Error(result.issues[0]?.message ?? 'Invalid form data')
  }
  return input as QuoteSubmissionInput
}

/** Stores the quote request (before answering) and queues the owner's email. */
export const submitQuoteRequest = createServerFn({ method: 'POST' })
  .validator(validateSubmission)
  .handler(async ({ data }): Promise<QuoteSubmitResponse> => {
    const { handleQuoteSubmission } = await import('~/server/quote/quote-service.server')
    const { visitorAddress } = await import('~/server/http/visitor-address.server')
    const request = getRequest()
    const result = await handleQuoteSubmission(data, {
      ip: visitorAddress(request),
      userAgent: request.headers.get('user-agent') ?? '',
    })
    if (result.status !== 200) setResponseStatus(result.status)
    if (result.retryAfterSeconds) setResponseHeader('Retry-After', String(result.retryAfterSeconds))
    return result.body
  })
