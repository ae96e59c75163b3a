// What every feature's owner functions are made from: the session check of ./owner-access.server.ts, before input.
import { createMiddleware, createServerFn, createServerOnlyFn } from '@tanstack/react-start'
import { setResponseStatus } from '@tanstack/react-start/server'
import { requireOwner } from './owner-access.server'

const ownerOnly = createMiddleware({ type: 'function' }).server(async ({ next }) =>
  next({ context: { owner: await requireOwner() } }),
)

/**
 * Every owner function is made from this, `ownerFn({ method: 'POST' })`: 401 and no data without a session,
 * checked before its input. tests/server/owner-only.test.ts walks the build: any other function must be public.
 */
export const ownerFn = createServerFn().middleware([ownerOnly])

/** Answers the call with this status and message. */
export const refuse = createServerOnlyFn((status: number, message: string): never => {
  setResponseStatus(status)
  throw new Error(message)
})
