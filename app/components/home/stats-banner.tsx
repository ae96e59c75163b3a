import { useEffect, useRef, useState, type RefObject } from 'react'
import { CalendarCheck } from 'lucide-react'
import { homeStats } from '~/content/home-sections'
import { stats } from '~/content/site'
import { animationsWhenSettled, type Animations } from '~/lib/page/load-animations'
import { LeadSectionLink } from './lead-section-link'

export const COUNTER_DURATION_MS = 2500
export const COUNTER_VISIBLE_THRESHOLD = 0.3

export function easeOutCubic(t: number): number {
  return 1 - (1 - t) ** 3
}

// Stays 1 when already on screen at hydration, so no visitor sees the numbers drop; and 1 until motion is
// here to count, so a chunk that never loads leaves the final values.
function useCountUp(ref: RefObject<HTMLElement | null>): number {
  const [progress, setProgress] = useState(1)

  useEffect(() => {
    const element = ref.current
    if (!element) return
    let inView: boolean | undefined
    let animations: Animations | undefined | null = null
    let waiting = false
    let stopCounting = () => {}
    // Called on each of the two events it waits for: the banner's first position and motion's chunk.
    const decide = () => {
      if (inView === undefined || animations === null) return
      if (!waiting) {
        // Seen before motion arrived, or no motion: the final values stay.
        if (inView || !animations) return observer.disconnect()
        waiting = true
        setProgress(0)
      }
      if (!inView || !animations) return
      observer.disconnect()
      stopCounting = animations.countUp(COUNTER_DURATION_MS, easeOutCubic, setProgress)
    }
    // Its reports give the position without forcing a layout.
    const observer = new IntersectionObserver(
      (entries) => {
        const entry = entries[entries.length - 1]
        inView = entry !== undefined && entry.isIntersecting && entry.intersectionRatio >= COUNTER_VISIBLE_THRESHOLD
        decide()
      },
      { threshold: COUNTER_VISIBLE_THRESHOLD },
    )
    observer.observe(element)
    let cancelled = false
    void animationsWhenSettled().then((loaded) => {
      if (cancelled) return
      animations = loaded
      decide()
    })
    return () => {
      cancelled = true
      observer.disconnect()
      stopCounting()
    }
  }, [ref])

  return progress
}

export function StatsBanner() {
  const ref = useRef<HTMLElement>(null)
  const progress = useCountUp(ref)
  return (
    <section ref={ref} aria-labelledby="stats-heading" className="render-when-visible bg-brand-900 text-white">
      <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 sm:py-16">
        <h2 id="stats-heading" className="text-center text-2xl font-bold tracking-tight sm:text-3xl">
          {homeStats.heading}
        </h2>
        <dl className="mt-10 grid grid-cols-2 gap-8 lg:grid-cols-4">
          {stats.map((stat) => (
            <div key={stat.label} className="flex flex-col-reverse items-center text-center">
              <dt className="mt-2 font-semibold text-brand-100">{stat.label}</dt>
              <dd className="text-4xl font-extrabold text-accent-300 tabular-nums sm:text-5xl">
                {/* An invisible copy of the final value fixes the box, so nothing shifts. */}
                <span aria-hidden="true" className="relative inline-block">
                  <span className="invisible">{`${stat.value}${stat.suffix}`}</span>
                  <span className="absolute inset-y-0 left-0 whitespace-nowrap" data-stat-counter={stat.label}>
                    {`${Math.round(stat.value * progress)}${stat.suffix}`}
                  </span>
                </span>
                <span className="sr-only">{`${stat.value}${stat.suffix}`}</span>
              </dd>
            </div>
          ))}
        </dl>
        <div className="mt-12 flex justify-center">
          <LeadSectionLink className="inline-flex min-h-12 items-center gap-2 rounded-full bg-accent-400 px-7 text-lg font-bold text-slate-950 shadow-lg hover:bg-accent-300 focus-visible:outline-accent-300">
            <CalendarCheck className="size-5" aria-hidden="true" />
            {homeStats.bookLabel}
          </LeadSectionLink>
        </div>
      </div>
    </section>
  )
}
