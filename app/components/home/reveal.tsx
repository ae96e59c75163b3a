import { startTransition, useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react'
import { whenIdle, whenPageSettled } from '~/lib/lazy-when-idle'

type MotionRevealComponent = ComponentType<{ children: ReactNode; className?: string; delay: number }>

let motionReveal: Promise<MotionRevealComponent> | undefined

/** After the page has loaded and the browser is idle, fetch the motion chunk once for every <Reveal>. */
function loadMotionRevealWhenIdle(): Promise<MotionRevealComponent> {
  motionReveal ??= whenPageSettled().then(() => import('./motion-reveal').then((module) => module.MotionReveal))
  return motionReveal
}

/** One observer for every <Reveal> on the page; each element's callback gets its own entries. */
const viewportListeners = new Map<Element, (entry: IntersectionObserverEntry) => void>()
let viewportObserver: IntersectionObserver | undefined

/**
 * Calls `onReport` with where `element` is relative to the viewport, from an IntersectionObserver: measuring
 * while the page hydrates would force a synchronous layout per section.
 */
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

/**
 * Out of sight below the viewport. In a section the browser still skips (content-visibility: auto, far from the
 * viewport) an element reports empty rectangles, which counts as out of sight too.
 */
function isBelowTheFold(entry: IntersectionObserverEntry): boolean {
  return !entry.isIntersecting && entry.boundingClientRect.top >= 0
}

/**
 * Fades its content in when it scrolls into view. Server HTML shows everything; only content still out
 * of sight once the browser is idle is swapped for the animated version, and never under reduced motion.
 */
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
        // Each section swaps in an idle period of its own, as an interruptible transition: remounting all of
        // them at once was one long task right when the page settles.
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
