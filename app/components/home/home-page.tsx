import { Hero } from './hero'
import { ReviewsStrip } from './reviews-strip'
import { LeadSection } from './lead-section'
import { Suspense } from 'react'
import { lazyWhenIdle } from '~/lib/page/lazy-when-idle'

// Server-rendered in full, code fetched at idle.
const ServicesGrid = lazyWhenIdle(() => import('./services-grid').then((module) => module.ServicesGrid))
const SeoText = lazyWhenIdle(() => import('./seo-text').then((module) => module.SeoText))
const HomeGallery = lazyWhenIdle(() => import('./home-gallery').then((module) => module.HomeGallery))
const About = lazyWhenIdle(() => import('./about').then((module) => module.About))
const StatsBanner = lazyWhenIdle(() => import('./stats-banner').then((module) => module.StatsBanner))
const ServiceAreas = lazyWhenIdle(() => import('./service-areas').then((module) => module.ServiceAreas))
const ContactBlock = lazyWhenIdle(() => import('./contact-block').then((module) => module.ContactBlock))

const idleSections = [SeoText, HomeGallery, About, StatsBanner, ServiceAreas, ContactBlock]

export function HomePage() {
  return (
    <>
      <Hero />
      <ReviewsStrip />
      <Suspense fallback={null}>
        <ServicesGrid />
      </Suspense>
      <LeadSection />
      {/* A boundary each: every section hydrates in its own short task. */}
      {idleSections.map((Section, index) => (
        <Suspense key={index} fallback={null}>
          <Section />
        </Suspense>
      ))}
    </>
  )
}
