import { useEffect, useRef, type ReactNode } from 'react'
import { whenIdle } from '~/lib/page/lazy-when-idle'
import { animationsWhenSettled, type Animations } from '~/lib/page/load-animations'
import { prefersReducedMotion } from '~/lib/page/scroll'

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

/** Only content still out of sight once motion has loaded is animated: it fades and rises in when scrolled to. */
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

  useEffect(() => {
    const element = ref.current
    if (!element || prefersReducedMotion()) return
    let cancelled = false
    let firstReport = true
    let inView = true
    let hiddenBy: Animations | undefined
    let stopReveal = () => {}
    const stopWatching = watchViewport(element, (entry) => {
      inView = entry.isIntersecting
      if (hiddenBy && entry.intersectionRatio >= SHOWN_AT) {
        stopWatching()
        stopReveal = hiddenBy.reveal(element, delay)
      }
      if (!firstReport) return
      firstReport = false
      if (!isBelowTheFold(entry)) return stopWatching()
      void animationsWhenSettled().then(async (animations) => {
        // One idle period per section: all at once makes one long task.
        await whenIdle()
        if (cancelled) return
        // Hidden only once motion is here to bring it back, so a chunk that never loads hides nothing.
        if (!animations || inView || element.contains(document.activeElement)) return stopWatching()
        hiddenBy = animations
        animations.hideForReveal(element)
      })
    })
    return () => {
      cancelled = true
      stopWatching()
      stopReveal()
    }
  }, [delay])

  return (
    <div ref={ref} className={className}>
      {children}
    </div>
  )
}
