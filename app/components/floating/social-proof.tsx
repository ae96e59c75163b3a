import { useEffect, useState } from 'react'
import { CalendarCheck2, Star } from 'lucide-react'
import {
  SOCIAL_PROOF_TIMING,
  activityToast,
  sampleActivity,
  socialProofSource,
  type ActivityItem,
} from '~/content/activity'

function useActivityItems(): readonly ActivityItem[] {
  const [items, setItems] = useState<readonly ActivityItem[]>(socialProofSource === 'sample' ? sampleActivity : [])
  useEffect(() => {
    if (socialProofSource !== 'reviews') return
    let cancelled = false
    // The reviews strip's answer, so usually no request.
    import('../../features/reviews/review-activity')
      .then(({ loadReviewActivity }) => loadReviewActivity())
      .then((reviewItems) => {
        if (!cancelled) setItems(reviewItems)
      })
      .catch((error: unknown) => console.error('[social-proof] reviews unavailable; no notifications shown', error))
    return () => {
      cancelled = true
    }
  }, [])
  return items
}

export default function SocialProof() {
  const items = useActivityItems()
  const [toast, setToast] = useState<{ key: number; item: ActivityItem } | null>(null)

  useEffect(() => {
    if (items.length === 0) return
    const { firstMs, intervalMs, visibleMs } = SOCIAL_PROOF_TIMING
    // Slots count from page load; past slots are skipped, not bunched.
    let slot = Math.max(0, Math.ceil((performance.now() - firstMs) / intervalMs))
    let shown = 0
    let showTimer: ReturnType<typeof setTimeout> | undefined
    let hideTimer: ReturnType<typeof setTimeout> | undefined

    const scheduleNext = () => {
      const at = firstMs + slot * intervalMs
      showTimer = setTimeout(show, Math.max(0, at - performance.now()))
    }
    const show = () => {
      const item = items[shown % items.length]!
      setToast({ key: shown, item })
      clearTimeout(hideTimer)
      hideTimer = setTimeout(() => setToast(null), visibleMs)
      shown += 1
      slot += 1
      scheduleNext()
    }
    scheduleNext()
    return () => {
      clearTimeout(showTimer)
      clearTimeout(hideTimer)
    }
  }, [items])

  if (socialProofSource === 'off') return null
  const content = toast ? activityToast(toast.item) : null
  const Icon = toast?.item.type === 'booking' ? CalendarCheck2 : Star

  return (
    <div
      role="status"
      aria-live="polite"
      aria-atomic="true"
      data-social-proof=""
      className="pointer-events-none fixed bottom-4 left-4 z-30 w-[min(20rem,calc(100vw-6.5rem))]"
    >
      {content && toast && (
        <div
          key={toast.key}
          className="flex items-start gap-3 rounded-xl bg-white p-3 text-sm shadow-lg ring-1 ring-slate-200 transition duration-300 ease-out starting:translate-y-2 starting:opacity-0"
        >
          <span
            aria-hidden="true"
            className="grid size-9 shrink-0 place-items-center rounded-full bg-brand-100 text-brand-700"
          >
            <Icon className="size-5" />
          </span>
          <div className="min-w-0">
            <p className="font-semibold text-slate-900">{content.title}</p>
            <p className="text-slate-700">{content.text}</p>
            {content.age && <p className="text-xs text-slate-600">{content.age}</p>}
          </div>
        </div>
      )}
    </div>
  )
}
