import { Phone, Star } from 'lucide-react'
import type { ReactNode } from 'react'
import { homeHero } from '~/content/home'
import { site } from '~/content/site'
import { getRouteApi } from '@tanstack/react-router'
import { animationsWhenSettled } from '~/lib/page/load-animations'
import { VideoHero } from '~/components/shared/video-hero'
import { LeadSectionLink } from './lead-section-link'

const homeRoute = getRouteApi('/')

/** docs/product.md: the underline draws again every 10 seconds. */
const UNDERLINE_PERIOD_SECONDS = 10

export function Hero() {
  // A failure leaves the hero dark.
  const video = homeRoute.useLoaderData({ select: (data) => data.video })
  const { before, highlight, after } = homeHero.headline
  return (
    <VideoHero video={video} className="flex min-h-[clamp(500px,60vh,700px)] items-center">
      <div
        aria-hidden="true"
        data-testid="hero-backdrop"
        className="absolute inset-0 -z-30 bg-[radial-gradient(ellipse_at_85%_15%,rgb(3_105_161/0.45),transparent_55%),radial-gradient(ellipse_at_10%_100%,rgb(14_165_233/0.18),transparent_50%),linear-gradient(160deg,var(--color-brand-950),var(--color-slate-950))]"
      />
      <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6">
        <p className="hidden items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm sm:inline-flex font-semibold text-brand-100 ring-1 ring-white/20">
          <Star className="size-4 fill-accent-400 text-accent-400" aria-hidden="true" />
          {homeHero.eyebrow}
        </p>
        <h1
          id="hero-heading"
          className="max-w-5xl text-[2rem] leading-tight font-extrabold tracking-tight text-balance sm:mt-5 sm:text-5xl lg:text-[3.5rem]"
        >
          {before} <Underlined>{highlight}</Underlined> {after}
        </h1>
        <p className="mt-4 max-w-2xl text-base text-brand-100 sm:mt-5 sm:text-lg">{homeHero.intro}</p>
        <div className="mt-6 flex flex-col gap-3 sm:mt-8 sm:flex-row">
          <a
            href={site.phoneHref}
            className="inline-flex min-h-12 items-center justify-center gap-2 rounded-full bg-accent-400 px-6 text-lg font-bold text-slate-950 shadow-lg hover:bg-accent-300"
          >
            <Phone className="size-5" aria-hidden="true" />
            {homeHero.callLabel}
          </a>
          <LeadSectionLink className="inline-flex min-h-12 items-center justify-center rounded-full bg-white px-6 text-lg font-bold text-brand-900 shadow-lg hover:bg-brand-50">
            {homeHero.quoteLabel}
          </LeadSectionLink>
        </div>
      </div>
    </VideoHero>
  )
}

/** Replayed by motion once the page has settled, so its frames never slow loading; until then it stands drawn. */
function Underlined({ children }: { children: ReactNode }) {
  return (
    <span className="home-hero-underline text-accent-300">
      {children}
      <span ref={replayWhenSettled} aria-hidden="true" className="home-hero-underline-line" />
    </span>
  )
}

// A ref callback with a cleanup (React 19): it runs once, as the line mounts.
function replayWhenSettled(line: HTMLSpanElement | null) {
  let cancelled = false
  let stop = () => {}
  void animationsWhenSettled().then((animations) => {
    if (!cancelled && animations && line) stop = animations.replayUnderline(line, UNDERLINE_PERIOD_SECONDS)
  })
  return () => {
    cancelled = true
    stop()
  }
}
