import { Suspense, type ReactNode } from 'react'
import { lazyOptional } from '~/lib/lazy-when-idle'
import type { FeaturedVideo } from '~/lib/backend.functions'
import { useHydrated } from '../../hooks/use-media-query'

/** The video and its pause button: a chunk of its own, fetched only when a video is featured. */
const HeroVideoLayer = lazyOptional(() => import('./hero-video-layer'))

/**
 * A dark hero band with an optional featured background video (docs/product.md#states: autoplay, muted, no loop,
 * darkened overlay; otherwise a dark background). The video is added after hydration so it never competes
 * with the page's first paint, does not autoplay for reduced-motion or data-saver visitors, and has a
 * pause/play button (WCAG 2.2.2).
 */
export function VideoHero({
  video,
  children,
  className = '',
}: {
  video: FeaturedVideo | null | undefined
  children: ReactNode
  className?: string
}) {
  const hydrated = useHydrated()
  return (
    <section
      className={`relative isolate overflow-hidden bg-brand-950 text-white [&_:focus-visible]:outline-accent-300 ${className}`}
    >
      {hydrated && video ? (
        <Suspense fallback={null}>
          <HeroVideoLayer video={video} />
        </Suspense>
      ) : null}
      {children}
    </section>
  )
}
