import { createFileRoute, redirect } from '@tanstack/react-router'
import { fetchOwnerState } from '~/features/owner/owner.functions'
import { OwnerFrame } from '~/features/owner/owner-page'
import { ownerPage } from '~/features/owner/owner-views'
import { fetchTruckDays } from '~/features/schedule/schedule.functions'
import { OwnerTruckDays } from '~/features/schedule/owner-truck-days'

// docs/decisions/063-owner-day.md
export const Route = createFileRoute('/owner_/truck-days')({
  ...ownerPage('Truck days'),
  loader: async () => {
    const state = await fetchOwnerState()
    if (!state.signedIn) throw redirect({ to: '/owner' })
    return { state, view: await fetchTruckDays() }
  },
  component: TruckDaysPage,
})

function TruckDaysPage() {
  const { state, view } = Route.useLoaderData()
  return (
    <OwnerFrame state={state}>
      <OwnerTruckDays loaded={view} />
    </OwnerFrame>
  )
}
