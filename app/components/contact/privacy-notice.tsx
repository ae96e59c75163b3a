import { privacyLink } from '~/content/navigation'
import { privacyNotice } from '~/content/privacy'
import { SectionTitle } from '~/components/shared/section-title'

export function PrivacyNotice() {
  return (
    <section id={privacyLink.anchor} aria-labelledby="privacy-heading" className="scroll-mt-20 bg-white">
      <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 md:py-16">
        <SectionTitle id="privacy-heading">{privacyNotice.heading}</SectionTitle>
        <p className="mt-2 font-semibold text-slate-700">Effective {privacyNotice.effectiveDate}</p>
        {privacyNotice.sections.map((section) => (
          <div key={section.heading} className="mt-8">
            <h3 className="text-xl font-bold text-slate-900">{section.heading}</h3>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph} className="mt-3 leading-relaxed text-slate-700">
                {paragraph}
              </p>
            ))}
          </div>
        ))}
      </div>
    </section>
  )
}
