import { createServerFn } from '@tanstack/react-start'
import { setResponseHeader, setResponseStatus } from '@tanstack/react-start/server'
import * as v from 'valibot'
import { assistant } from '~/content/assistant'
import { AssistantRequestError, assistantReply } from '~/features/assistant/ai-assistant.server'
import { runtimeConfig } from '~/platform/config.server'
import { db } from '~/platform/db/db.server'
import { parse } from '~/platform/http/function-input.server'
import { visitorAddress } from '~/platform/http/visitor-address.server'

export const ASSISTANT_INPUT_MESSAGES = {
  empty: 'Please type a message.',
  tooLong: `Messages can be at most ${assistant.maxMessageLength} characters.`,
} as const

export const assistantRequestSchema = v.object(
  {
    message: v.pipe(
      v.string(ASSISTANT_INPUT_MESSAGES.empty),
      v.trim(),
      v.nonEmpty(ASSISTANT_INPUT_MESSAGES.empty),
      v.maxLength(assistant.maxMessageLength, ASSISTANT_INPUT_MESSAGES.tooLong),
    ),
  },
  ASSISTANT_INPUT_MESSAGES.empty,
)

export const askAssistant = createServerFn({ method: 'POST' })
  .validator(parse(assistantRequestSchema))
  .handler(async ({ data }) => {
    try {
      return await assistantReply(db, data.message, { ip: visitorAddress() }, { config: runtimeConfig().assistant })
    } catch (error) {
      if (error instanceof AssistantRequestError) {
        setResponseStatus(error.status)
        if (error.retryAfterSeconds) setResponseHeader('Retry-After', String(error.retryAfterSeconds))
      } else setResponseStatus(502)
      throw error
    }
  })
