import { createFileRoute } from '@tanstack/react-router'
import { loadOwnerView, OwnerFrame } from '~/features/owner/owner-page'
import { ownerPage } from '~/features/owner/owner-views'
import { fetchTruckDays } from '~/features/schedule/schedule.functions'
import { OwnerTruckDays } from '~/features/schedule/owner-truck-days'

// docs/decisions/063-owner-day.md
export const Route = createFileRoute('/owner_/truck-days')({
  ...ownerPage('Truck days'),
  loader: () => loadOwnerView(fetchTruckDays),
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
