import { createFileRoute, redirect } from '@tanstack/react-router'
import { fetchOwnerState } from '~/features/owner/owner.functions'
import { OwnerFrame } from '~/features/owner/owner-page'
import { pacificToday } from '~/components/owner/owner-field'
import { fetchDueAgain } from '~/features/come-back/come-back.functions'
import { OwnerDueAgain } from '~/features/come-back/owner-due-again'

// docs/decisions/064-come-back.md
export const Route = createFileRoute('/owner_/due-again')({
  staticData: { bare: true },
  loader: async () => {
    const state = await fetchOwnerState()
    if (!state.signedIn) throw redirect({ to: '/owner' })
    return { state, view: await fetchDueAgain() }
  },
  headers: () => ({ 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex' }),
  head: () => ({ meta: [{ title: 'Due again' }, { name: 'robots', content: 'noindex' }] }),
  component: DueAgainPage,
})

function DueAgainPage() {
  const { state, view } = Route.useLoaderData()
  return (
    <OwnerFrame state={state}>
      <OwnerDueAgain loaded={view} today={pacificToday()} />
    </OwnerFrame>
  )
}
