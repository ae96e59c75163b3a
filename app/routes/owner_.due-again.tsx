import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { loadOwnerView, OwnerFrame } from '~/features/owner/owner-page'
import { ownerPage } from '~/features/owner/owner-views'
import { fetchDueAgain, searchOwnerCustomers } from '~/features/come-back/come-back.functions'
import { OwnerDueAgain } from '~/features/come-back/owner-due-again'

// docs/decisions/064-come-back.md
export const Route = createFileRoute('/owner_/due-again')({
  ...ownerPage('Due again'),
  // Declared, or the server drops it as it drops ad tags (page-url.server.ts); the loader checks its length. The
  // router reads `?find=9165551234` as a number.
  validateSearch: v.object({ find: v.fallback(v.optional(v.union([v.string(), v.number()])), undefined) }),
  loaderDeps: ({ search: { find } }) => ({ find }),
  loader: ({ deps }) =>
    loadOwnerView(() =>
      Promise.all([fetchDueAgain(), deps.find === undefined ? null : searchOwnerCustomers({ data: deps })]),
    ),
  component: DueAgainPage,
})

function DueAgainPage() {
  const { state, view } = Route.useLoaderData()
  const [due, search] = view
  return (
    <OwnerFrame state={state}>
      <OwnerDueAgain loaded={due} search={search} />
    </OwnerFrame>
  )
}
