import { createFileRoute } from '@tanstack/react-router'
import { loadOwnerView, OwnerFrame } from '~/features/owner/owner-page'
import { ownerPage } from '~/features/owner/owner-views'
import { fetchToday } from '~/features/schedule/schedule.functions'
import { OwnerToday } from '~/features/schedule/owner-today'
import { markOwnerJobDone } from '~/features/payments/payments.functions'

// docs/decisions/063-owner-day.md
export const Route = createFileRoute('/owner_/today')({
  ...ownerPage('Today'),
  loader: () => loadOwnerView(fetchToday),
  component: TodayPage,
})

function TodayPage() {
  const { state, view } = Route.useLoaderData()
  return (
    <OwnerFrame state={state}>
      <OwnerToday {...view} jobDone={(lead) => markOwnerJobDone({ data: { lead } })} />
    </OwnerFrame>
  )
}
