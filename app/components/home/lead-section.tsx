import { CheckCircle2, Clock, Phone } from 'lucide-react'
import { homeLeadSection } from '~/content/home'
import { site } from '~/content/site'
import { LeadForm } from '~/features/leads/lead-form'
import { IconList } from '~/components/shared/icon-list'
import { LEAD_SECTION_ID } from './lead-section-link'
import { SectionHeader } from './section-header'

export function LeadSection() {
  return (
    <section
      id={LEAD_SECTION_ID}
      aria-labelledby="quote-heading"
      className="render-when-visible scroll-mt-16 bg-gradient-to-b from-brand-50 to-white"
    >
      <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-16 sm:px-6 sm:py-20 lg:grid-cols-2">
        <div>
          <SectionHeader id="quote-heading" heading={homeLeadSection.heading} intro={homeLeadSection.intro} />
          <IconList items={homeLeadSection.points} icon={CheckCircle2} look="promises" />
          <p className="mt-6 flex items-center gap-3 text-slate-700">
            <Clock className="size-5 shrink-0 text-brand-700" aria-hidden="true" />
            {homeLeadSection.hours}
          </p>
          <a
            href={site.phoneHref}
            className="mt-3 inline-flex min-h-11 items-center gap-3 font-bold text-brand-800 underline-offset-4 hover:underline"
          >
            <Phone className="size-5 shrink-0" aria-hidden="true" />
            {site.phone}
          </a>
        </div>
        <LeadForm />
      </div>
    </section>
  )
}
