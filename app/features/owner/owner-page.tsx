import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { getRouteApi, Link, redirect, useRouter } from '@tanstack/react-router'
import { lazy, Suspense, useEffect, useId, useState, type ReactNode } from 'react'
import { fetchOwnerState, saveAlertSubscription, type OwnerState } from '~/features/owner/owner.functions'
import { OWNER_SERVICE_WORKER_URL, OWNER_TEXTS, SOURCES_TEXTS, type InboxLead } from '~/features/owner/owner-lead'
import { SOURCE_PERIODS, type SourcePeriod } from '~/features/owner/owner-views'
import { OwnerMoney } from '~/features/payments/owner-view'
import { OwnerPrices } from '~/features/prices/owner-view'
import { OwnerCalendarFeed, OwnerQuoteEditor } from '~/features/quotes/owner-view'
import { OwnerWork } from '~/features/work/owner-view'
import { INBOX_TABS, PRICES_VIEW_PARTS } from './inbox-parts'
import { OwnerLeadCard } from './owner-lead-card'
import { useOwnerLeads } from './owner-leads'
import { OwnerShell, ownerButtonClass } from '~/components/owner/owner-shell'
import { OwnerSignInForm } from './owner-sign-in'

// Only when the owner opens them, like the other features' owner views: the inbox's first load stays as it was.
const OwnerSources = lazy(() => import('./owner-sources'))

const ownerRoute = getRouteApi('/owner')

export function OwnerPage() {
  const { state } = ownerRoute.useLoaderData()
  const { link } = ownerRoute.useSearch()
  if (state.mode !== 'ready')
    return (
      <OwnerShell>
        <h1 className="text-2xl font-bold">Lead inbox</h1>
        <p className="mt-2">{OWNER_TEXTS.unconfigured}</p>
      </OwnerShell>
    )
  if (!state.signedIn) return <OwnerSignInForm link={link} />
  return <OwnerInbox />
}

function OwnerInbox() {
  const { state, leads, sources, work, quote, prices, feed, money } = ownerRoute.useLoaderData()
  const { category, city, lead } = ownerRoute.useSearch()
  // One view at a time, each in its own chunk; none is the inbox's leads.
  const view = sources ? (
    <OwnerSources sources={sources} />
  ) : work ? (
    <OwnerWork loaded={work} prefill={{ category, city, lead }} />
  ) : quote ? (
    <OwnerQuoteEditor key={quote.lead.id} loaded={quote} />
  ) : prices ? (
    <>
      <OwnerPrices loaded={prices} />
      {feed && <OwnerCalendarFeed loaded={feed} />}
      {PRICES_VIEW_PARTS.map((Part, i) => (
        <Part key={i} />
      ))}
    </>
  ) : (
    money && <OwnerMoney money={money} />
  )
  return (
    <OwnerFrame state={state} days={sources?.days}>
      {view ? <Suspense fallback={<p className="mt-6">Loading…</p>}>{view}</Suspense> : <OwnerLeads loaded={leads} />}
    </OwnerFrame>
  )
}

const signOutClass =
  'min-h-11 px-2 font-semibold text-brand-800 underline focus-visible:outline-3 focus-visible:outline-brand-700'

const tabClass =
  '-mb-px inline-flex min-h-11 items-center border-b-3 border-transparent px-3 font-semibold text-slate-700 hover:text-brand-800 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-900 aria-[current=page]:border-brand-700 aria-[current=page]:text-brand-800'

/** A view of its own's loader (decision 066): the owner's state and the view's data; a visitor goes to /owner. */
export async function loadOwnerView<View>(read: () => Promise<View>) {
  const state = await fetchOwnerState()
  if (!state.signedIn) throw redirect({ to: '/owner' })
  return { state, view: await read() }
}

/** The heading, sign-out, alerts and the views as links: each view has its own address, and works as HTML. */
export function OwnerFrame({ state, days, children }: { state: OwnerState; days?: SourcePeriod; children: ReactNode }) {
  // The period shown is part of the Sources tab's address, so the tab matches the page exactly (aria-current).
  const sourcesSearch = { view: 'sources' as const, days: days === SOURCE_PERIODS[0] ? undefined : days }
  // Query here, in the frame every owner page renders: they share no layout route, and no public page loads it (035).
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: 1 } } }),
  )
  return (
    <OwnerShell>
      <div className="flex items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Lead inbox</h1>
        {/* A lost phone: "everywhere" ends every session of the owner, this one included. */}
        <form method="post" action="/owner/sign-in" className="flex flex-wrap justify-end">
          <button type="submit" name="sign-out" value="1" className={signOutClass}>
            Sign out
          </button>
          <button type="submit" name="sign-out" value="everywhere" className={signOutClass}>
            Sign out everywhere
          </button>
        </form>
      </div>
      {state.alertsKey && <AlertsToggle publicKey={state.alertsKey} />}
      <nav aria-label="Inbox views" className="mt-4 flex flex-wrap gap-x-1 border-b border-slate-300">
        <Link to="/owner" search={{}} activeOptions={{ exact: true }} className={tabClass}>
          {SOURCES_TEXTS.leadsTab}
        </Link>
        <Link to="/owner" search={sourcesSearch} activeOptions={{ exact: true }} className={tabClass}>
          {SOURCES_TEXTS.sourcesTab}
        </Link>
        {INBOX_TABS.map(({ label, link }) => (
          <Link key={label} {...link} className={tabClass}>
            {label}
          </Link>
        ))}
      </nav>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </OwnerShell>
  )
}

function OwnerLeads({ loaded }: { loaded: InboxLead[] }) {
  const leads = useOwnerLeads(loaded)
  if (leads.length === 0) return <p className="mt-6">{OWNER_TEXTS.empty}</p>
  return (
    <ol className="mt-4 grid gap-4" aria-label="Leads, newest first">
      {leads.map((lead) => (
        <li key={lead.id}>
          <OwnerLeadCard lead={lead} />
        </li>
      ))}
    </ol>
  )
}

function AlertsToggle({ publicKey }: { publicKey: string }) {
  const router = useRouter()
  const statusId = useId()
  const [status, setStatus] = useState<string>('')
  const [supported, setSupported] = useState(false)
  useEffect(() => {
    if (!('serviceWorker' in navigator) || !('PushManager' in window)) return
    setSupported(true)
    // Registered on every visit, so the push handler is there once alerts are on.
    void navigator.serviceWorker.register(OWNER_SERVICE_WORKER_URL, { scope: '/owner/' }).then(async (registration) => {
      if (await registration.pushManager.getSubscription()) setStatus(OWNER_TEXTS.alertsOn)
    })
  }, [])
  if (!supported) return null
  async function turnOn() {
    try {
      if ((await Notification.requestPermission()) !== 'granted') return setStatus(OWNER_TEXTS.alertsBlocked)
      const registration = await navigator.serviceWorker.register(OWNER_SERVICE_WORKER_URL, { scope: '/owner/' })
      // Not `serviceWorker.ready`: /owner itself is outside the worker's /owner/ scope.
      while (!registration.active) await new Promise((resolve) => setTimeout(resolve, 100))
      const subscription = await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: publicKey,
      })
      await saveAlertSubscription({ data: subscription.toJSON() as never })
      setStatus(OWNER_TEXTS.alertsOn)
      void router.invalidate()
    } catch (error) {
      setStatus(`Alerts could not be turned on: ${error instanceof Error ? error.message : String(error)}`)
    }
  }
  return (
    <div className="mt-4 rounded-lg bg-slate-100 p-3">
      {status !== OWNER_TEXTS.alertsOn && (
        <button type="button" onClick={() => void turnOn()} className={ownerButtonClass} aria-describedby={statusId}>
          Turn on alerts for new leads
        </button>
      )}
      <p id={statusId} role="status" className="mt-2 empty:mt-0">
        {status}
      </p>
    </div>
  )
}
