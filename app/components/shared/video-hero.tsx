import { Suspense, type ReactNode } from 'react'
import { lazyOptional } from '~/lib/page/lazy-when-idle'
import type { FeaturedVideo } from '~/features/reviews/backend.functions'
import { useHydrated } from '@tanstack/react-router'

const HeroVideoLayer = lazyOptional(() => import('./hero-video-layer'))

/** The video comes after hydration; the pause button is for WCAG 2.2.2. */
export function VideoHero({
  video,
  children,
  className = '',
}: {
  video: FeaturedVideo | null | Promise<FeaturedVideo | null>
  children: ReactNode
  className?: string
}) {
  const hydrated = useHydrated()
  return (
    <section
      className={`relative isolate overflow-hidden bg-brand-950 text-white [&_:focus-visible]:outline-accent-300 ${className}`}
    >
      {hydrated ? (
        <Suspense fallback={null}>
          <HeroVideoLayer video={video} />
        </Suspense>
      ) : null}
      {children}
    </section>
  )
}
