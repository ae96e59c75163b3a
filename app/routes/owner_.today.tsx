import { createFileRoute, redirect } from '@tanstack/react-router'
import { fetchOwnerState } from '~/features/owner/owner.functions'
import { OwnerShell } from '~/features/owner/owner-sign-in'
import { fetchToday } from '~/features/schedule/schedule.functions'
import { OwnerToday } from '~/features/schedule/owner-today'

// docs/decisions/062-owner-day.md
export const Route = createFileRoute('/owner_/today')({
  staticData: { bare: true },
  loader: async () => {
    if (!(await fetchOwnerState()).signedIn) throw redirect({ to: '/owner' })
    return fetchToday()
  },
  headers: () => ({ 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex' }),
  head: () => ({ meta: [{ title: 'Today' }, { name: 'robots', content: 'noindex' }] }),
  component: TodayPage,
})

function TodayPage() {
  return (
    <OwnerShell>
      <OwnerToday {...Route.useLoaderData()} />
    </OwnerShell>
  )
}
