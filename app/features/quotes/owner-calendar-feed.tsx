// The private calendar feed of scheduled jobs (docs/decisions/053-quotes-and-jobs.md), shown under the Prices view.
// Loaded with import() when that view opens.
import { useHydrated } from '@tanstack/react-router'
import { useId, useState } from 'react'
import { ownerInputClass as input } from '~/components/owner/owner-field'
import { ownerButtonClass } from '~/components/owner/owner-shell'
import { useOwnerWrite } from '~/components/owner/owner-write'
import { OWNER_QUOTE_TEXTS as T } from './quote-texts'
import { renewCalendarFeed } from './quotes.functions'

export default function OwnerCalendarFeed({ loaded }: { loaded: { feedUrl: string } }) {
  const id = useId()
  const [feedUrl, setFeedUrl] = useState(loaded.feedUrl)
  const hydrated = useHydrated()
  const renew = useOwnerWrite(() => renewCalendarFeed(), {
    said: T.feedRenewed,
    after: (renewed) => setFeedUrl(renewed.feedUrl),
  })

  return (
    <section aria-labelledby={`${id}-feed`} className="mt-8 grid gap-2">
      <h2 id={`${id}-feed`} className="text-xl font-bold">
        {T.feedHeading}
      </h2>
      <p id={`${id}-feed-help`} className="text-slate-700">
        {T.feedHelp}
      </p>
      <input
        readOnly
        value={feedUrl}
        aria-label={T.feedHeading}
        aria-describedby={`${id}-feed-help`}
        className={`${input} text-sm`}
      />
      <button
        type="button"
        disabled={!hydrated || renew.isPending}
        onClick={() => renew.mutate()}
        className={ownerButtonClass}
      >
        {T.feedRenew}
      </button>
      <p role="status" className="empty:hidden">
        {renew.message}
      </p>
    </section>
  )
}
