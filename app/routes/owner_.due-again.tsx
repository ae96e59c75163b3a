import { createFileRoute, redirect } from '@tanstack/react-router'
import * as v from 'valibot'
import { fetchOwnerState } from '~/features/owner/owner.functions'
import { OwnerFrame } from '~/features/owner/owner-page'
import { ownerPage } from '~/features/owner/owner-views'
import { pacificToday } from '~/components/owner/owner-field'
import { customerSearch, fetchDueAgain } from '~/features/come-back/come-back.functions'
import { OwnerDueAgain } from '~/features/come-back/owner-due-again'

// docs/decisions/064-come-back.md
export const Route = createFileRoute('/owner_/due-again')({
  ...ownerPage('Due again'),
  // Declared, or the server drops it as it drops ad tags (page-url.server.ts); the loader checks its length. The
  // router reads `?find=9165551234` as a number.
  validateSearch: v.object({ find: v.fallback(v.optional(v.union([v.string(), v.number()])), undefined) }),
  loader: async ({ location }) => {
    const state = await fetchOwnerState()
    if (!state.signedIn) throw redirect({ to: '/owner' })
    const [view, search] = await Promise.all([fetchDueAgain(), customerSearch(location.search)])
    return { state, view, search }
  },
  component: DueAgainPage,
})

function DueAgainPage() {
  const { state, view, search } = Route.useLoaderData()
  return (
    <OwnerFrame state={state}>
      <OwnerDueAgain loaded={view} today={pacificToday()} search={search} />
    </OwnerFrame>
  )
}
