import { createFileRoute, redirect } from '@tanstack/react-router'
import { fetchOwnerState } from '~/features/owner/owner.functions'
import { OwnerShell } from '~/features/owner/owner-sign-in'
import { pacificToday } from '~/features/owner/owner-field'
import { fetchDueAgain } from '~/features/come-back/come-back.functions'
import { OwnerDueAgain } from '~/features/come-back/owner-due-again'

// docs/decisions/063-come-back.md
export const Route = createFileRoute('/owner_/due-again')({
  staticData: { bare: true },
  loader: async () => {
    if (!(await fetchOwnerState()).signedIn) throw redirect({ to: '/owner' })
    return fetchDueAgain()
  },
  headers: () => ({ 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex' }),
  head: () => ({ meta: [{ title: 'Due again' }, { name: 'robots', content: 'noindex' }] }),
  component: DueAgainPage,
})

function DueAgainPage() {
  return (
    <OwnerShell>
      <OwnerDueAgain loaded={Route.useLoaderData()} today={pacificToday()} />
    </OwnerShell>
  )
}
