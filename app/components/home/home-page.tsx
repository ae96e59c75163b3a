import { Hero } from './hero'
import { ReviewsStrip } from './reviews-strip'
import { ServicesGrid } from './services-grid'
import { QuoteSection } from './quote-section'
import { SeoText } from './seo-text'
import { HomeGallery } from './home-gallery'
import { About } from './about'
import { StatsBanner } from './stats-banner'
import { ServiceAreas } from './service-areas'
import { ContactBlock } from './contact-block'

/**
 * The home page. Section order reconciles the spec's two lists while keeping the relative order of each:
 * its route table (hero, quote form, SEO text, gallery, about, service areas, contact) and its list of parts
 * (hero, reviews strip, services grid, about, stats banner, service areas, contact):
 *
 *   Hero → Reviews strip → Services grid → Quote form → SEO text (closed) → Before & after gallery
 *   → About → Stats banner → Service areas → Contact
 *
 * Proof (reviews) and choice (services) come before the form; the form sits high on the page for visitors ready
 * to ask; "Book Appointment Now" in the stats banner scrolls back up to it. The footer is the root layout's.
 */
export function HomePage() {
  return (
    <>
      <Hero />
      <ReviewsStrip />
      <ServicesGrid />
      <QuoteSection />
      <SeoText />
      <HomeGallery />
      <About />
      <StatsBanner />
      <ServiceAreas />
      <ContactBlock />
      {/* Slot for the floating chat assistant and the social-proof toasts (their own feature; nothing visible yet). */}
    </>
  )
}
