import { startTransition, useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react'
import { whenIdle, whenPageSettled } from '~/lib/lazy-when-idle'

type MotionRevealComponent = ComponentType<{ children: ReactNode; className?: string; delay: number }>

let motionReveal: Promise<MotionRevealComponent> | undefined

function loadMotionRevealWhenIdle(): Promise<MotionRevealComponent> {
  motionReveal ??= whenPageSettled().then(() => import('./motion-reveal').then((module) => module.MotionReveal))
  return motionReveal
}

const viewportListeners = new Map<Element, (entry: IntersectionObserverEntry) => void>()
let viewportObserver: IntersectionObserver | undefined

// Measuring during hydration would force a layout per section.
function watchViewport(element: Element, onReport: (entry: IntersectionObserverEntry) => void): () => void {
  viewportObserver ??= new IntersectionObserver((entries) => {
    for (const entry of entries) viewportListeners.get(entry.target)?.(entry)
  })
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

/** Only content still out of sight at idle is animated. */
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
  const [MotionReveal, setMotionReveal] = useState<MotionRevealComponent | null>(null)

  useEffect(() => {
    const element = ref.current
    if (!element || window.matchMedia('(prefers-reduced-motion: reduce)').matches) return
    let cancelled = false
    let firstReport = true
    let inView = true
    const stopWatching = watchViewport(element, (entry) => {
      inView = entry.isIntersecting
      if (!firstReport) return
      firstReport = false
      if (!isBelowTheFold(entry)) return stopWatching()
      void loadMotionRevealWhenIdle().then(async (component) => {
        // One idle period per section: all at once makes one long task.
        await whenIdle()
        if (cancelled || inView || element.contains(document.activeElement)) return
        stopWatching()
        startTransition(() => setMotionReveal(() => component))
      })
    })
    return () => {
      cancelled = true
      stopWatching()
    }
  }, [])

  if (MotionReveal) {
    return (
      <MotionReveal className={className} delay={delay}>
        {children}
      </MotionReveal>
    )
  }
  return (
    <div ref={ref} className={className}>
      {children}
    </div>
  )
}
