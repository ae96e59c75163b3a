import { startTransition, useEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react'
import { whenIdle, whenPageSettled } from '~/lib/lazy-when-idle'

/** The share of a section in view that starts its entrance. */
const SHOWN_AT = 0.15

const viewportListeners = new Map<Element, (entry: IntersectionObserverEntry) => void>()
let viewportObserver: IntersectionObserver | undefined

// Measuring during hydration would force a layout per section.
function watchViewport(element: Element, onReport: (entry: IntersectionObserverEntry) => void): () => void {
  viewportObserver ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) viewportListeners.get(entry.target)?.(entry)
    },
    { threshold: [0, SHOWN_AT] },
  )
  viewportListeners.set(element, onReport)
  viewportObserver.observe(element)
  return () => {
    viewportListeners.delete(element)
    viewportObserver?.unobserve(element)
  }
}

// A section skipped by content-visibility reports empty rectangles: out of sight too.
function isBelowTheFold(entry: IntersectionObserverEntry): boolean {
  return !entry.isIntersecting && entry.boundingClientRect.top >= 0
}

const hiddenStyle: CSSProperties = { opacity: 0, transform: 'translateY(24px)' }

/** Only content still out of sight at idle fades and rises in (CSS) when scrolled to. */
export function Reveal({
  children,
  className,
  delay = 0,
}: {
  children: ReactNode
  className?: string
  delay?: number
}) {
  const ref = useRef<HTMLDivElement>(null)
  const [phase, setPhase] = useState<'still' | 'hidden' | 'shown'>('still')

  useEffect(() => {
    const element = ref.current
    if (!element || window.matchMedia('(prefers-reduced-motion: reduce)').matches) return
    let cancelled = false
    let firstReport = true
    let inView = true
    let hidden = false
    const stopWatching = watchViewport(element, (entry) => {
      inView = entry.isIntersecting
      if (hidden && entry.intersectionRatio >= SHOWN_AT) {
        stopWatching()
        setPhase('shown')
      }
      if (!firstReport) return
      firstReport = false
      if (!isBelowTheFold(entry)) return stopWatching()
      void whenPageSettled()
        // One idle period per section: all at once makes one long task.
        .then(whenIdle)
        .then(() => {
          if (cancelled) return
          if (inView || element.contains(document.activeElement)) return stopWatching()
          hidden = true
          startTransition(() => setPhase('hidden'))
        })
    })
    return () => {
      cancelled = true
      stopWatching()
    }
  }, [])

  const style: CSSProperties | undefined =
    phase === 'hidden'
      ? hiddenStyle
      : phase === 'shown'
        ? { transition: `opacity 0.6s ease-out ${delay}s, transform 0.6s ease-out ${delay}s` }
        : undefined
  return (
    <div ref={ref} className={className} style={style}>
      {children}
    </div>
  )
}
