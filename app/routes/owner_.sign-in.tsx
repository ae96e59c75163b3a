import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { OwnerSignInConfirm } from '~/components/owner/owner-sign-in'

/** A GET only shows a button: mail scanners that open links must not use the token. */
export const Route = createFileRoute('/owner_/sign-in')({
  staticData: { bare: true },
  validateSearch: v.object({ token: v.fallback(v.optional(v.pipe(v.string(), v.maxLength(100))), undefined) }),
  server: {
    handlers: {
      POST: async ({ request }) => {
        const { getRequestIP } = await import('@tanstack/react-start/server')
        const { handleSignInPost } = await import('~/server/owner/owner-access.server')
        return handleSignInPost(request, getRequestIP())
      },
    },
  },
  headers: () => ({
    'Cache-Control': 'private, no-store',
    'X-Robots-Tag': 'noindex',
    'Referrer-Policy': 'no-referrer',
  }),
  head: () => ({ meta: [{ title: 'Sign in to the lead inbox' }, { name: 'robots', content: 'noindex' }] }),
  component: OwnerSignInConfirm,
})
