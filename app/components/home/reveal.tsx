import { startTransition, useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react'
import { whenIdle, whenPageSettled } from '~/lib/lazy-when-idle'

type MotionRevealComponent = ComponentType<{ children: ReactNode; className?: string; delay: number }>

let motionReveal: Promise<MotionRevealComponent> | undefined

/** After the page has loaded and the browser is idle, fetch the motion chunk once for every <Reveal>. */
function loadMotionRevealWhenIdle(): Promise<MotionRevealComponent> {
  motionReveal ??= whenPageSettled().then(() => import('./motion-reveal').then((module) => module.MotionReveal))
  return motionReveal
}

function isBelowTheFold(element: HTMLElement): boolean {
  return element.getBoundingClientRect().top > window.innerHeight
}

/**
 * Fades its content in when it scrolls into view (motion's LazyMotion + `m`, see motion-reveal.tsx).
 *
 * The server HTML and the hydrated page show everything as plain markup: crawlers, no-JS visitors and the first
 * paint never wait for an animation, and motion is not part of the first-load JavaScript. Only content still below
 * the fold once the browser is idle is swapped for the animated version (the swap remounts it, unseen); content
 * already on screen or focused stays as it is, and nothing moves for visitors who prefer reduced motion.
 */
export function Reveal({ children, className, delay = 0 }: { children: ReactNode; className?: string; delay?: number }) {
  const ref = useRef<HTMLDivElement>(null)
  const [MotionReveal, setMotionReveal] = useState<MotionRevealComponent | null>(null)

  useEffect(() => {
    const element = ref.current
    if (!element || window.matchMedia('(prefers-reduced-motion: reduce)').matches || !isBelowTheFold(element)) return
    let cancelled = false
    void loadMotionRevealWhenIdle().then(async (component) => {
      // Each section swaps in an idle period of its own, as an interruptible transition: remounting all of
      // them at once was one long task right when the page settles.
      await whenIdle()
      const current = ref.current
      if (cancelled || !current || !isBelowTheFold(current) || current.contains(document.activeElement)) return
      startTransition(() => setMotionReveal(() => component))
    })
    return () => {
      cancelled = true
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
