import { createFileRoute, redirect } from '@tanstack/react-router'
import { fetchOwnerState } from '~/features/owner/owner.functions'
import { OwnerShell } from '~/features/owner/owner-sign-in'
import { fetchTruckDays } from '~/features/schedule/schedule.functions'
import { OwnerTruckDays } from '~/features/schedule/owner-truck-days'

// docs/decisions/062-owner-day.md
export const Route = createFileRoute('/owner_/truck-days')({
  staticData: { bare: true },
  loader: async () => {
    if (!(await fetchOwnerState()).signedIn) throw redirect({ to: '/owner' })
    return fetchTruckDays()
  },
  headers: () => ({ 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex' }),
  head: () => ({ meta: [{ title: 'Truck days' }, { name: 'robots', content: 'noindex' }] }),
  component: TruckDaysPage,
})

function TruckDaysPage() {
  return (
    <OwnerShell>
      <OwnerTruckDays loaded={Route.useLoaderData()} />
    </OwnerShell>
  )
}
