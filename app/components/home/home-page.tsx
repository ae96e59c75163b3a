import { Hero } from './hero'
import { ReviewsStrip } from './reviews-strip'
import { ServicesGrid } from './services-grid'
import { QuoteSection } from './quote-section'
import { Suspense } from 'react'
import { lazyWhenIdle } from '~/lib/lazy-when-idle'

// Sections below the fold: server-rendered in full, their code fetched when the browser is idle.
const SeoText = lazyWhenIdle(() => import('./seo-text').then((module) => module.SeoText))
const HomeGallery = lazyWhenIdle(() => import('./home-gallery').then((module) => module.HomeGallery))
const About = lazyWhenIdle(() => import('./about').then((module) => module.About))
const StatsBanner = lazyWhenIdle(() => import('./stats-banner').then((module) => module.StatsBanner))
const ServiceAreas = lazyWhenIdle(() => import('./service-areas').then((module) => module.ServiceAreas))
const ContactBlock = lazyWhenIdle(() => import('./contact-block').then((module) => module.ContactBlock))

/**
 * The home page: Hero, Reviews strip, Services grid, Quote form, SEO text, Gallery, About, Stats banner,
 * Service areas, Contact. Proof and choice come before the form (docs/product.md#home-page).
 */
export function HomePage() {
  return (
    <>
      <Hero />
      <ReviewsStrip />
      <ServicesGrid />
      <QuoteSection />
      {/* A boundary each: every section hydrates on its own as soon as its code is in, in short tasks. */}
      <Suspense fallback={null}>
        <SeoText />
      </Suspense>
      <Suspense fallback={null}>
        <HomeGallery />
      </Suspense>
      <Suspense fallback={null}>
        <About />
      </Suspense>
      <Suspense fallback={null}>
        <StatsBanner />
      </Suspense>
      <Suspense fallback={null}>
        <ServiceAreas />
      </Suspense>
      <Suspense fallback={null}>
        <ContactBlock />
      </Suspense>
      {/* Slot for the floating chat assistant and the social-proof toasts (their own feature; nothing visible yet). */}
    </>
  )
}
