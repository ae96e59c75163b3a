import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { getRequestIP } from '@tanstack/react-start/server'
import { OwnerSignInConfirm } from '~/features/owner/owner-sign-in'
import { OWNER_PAGE_HEADERS, ownerPage } from '~/features/owner/owner-views'
import { handleSignInPost } from '~/features/owner/sign-in.server'

/** A GET only shows a button: mail scanners that open links must not use the token. */
export const Route = createFileRoute('/owner_/sign-in')({
  ...ownerPage('Sign in to the lead inbox'),
  validateSearch: v.object({
    token: v.fallback(v.optional(v.pipe(v.string(), v.maxLength(100))), undefined),
  }),
  server: {
    handlers: {
      POST: ({ request }) => handleSignInPost(request, getRequestIP()),
    },
  },
  headers: () => ({ ...OWNER_PAGE_HEADERS, 'Referrer-Policy': 'no-referrer' }),
  component: OwnerSignInConfirm,
})
