import { BadgeCheck, Quote } from 'lucide-react'
import { homeAbout } from '~/content/home-sections'
import { Reveal } from './reveal'
import { SectionHeader } from './section-header'

export function About() {
  return (
    <section id="about" aria-labelledby="about-heading" className="render-when-visible scroll-mt-16 bg-slate-50">
      <div className="mx-auto grid max-w-7xl gap-12 px-4 py-16 sm:px-6 sm:py-20 lg:grid-cols-[3fr_2fr] lg:items-center">
        <Reveal>
          <SectionHeader id="about-heading" heading={homeAbout.heading} />
          <figure className="mt-6 rounded-2xl border-l-4 border-accent-400 bg-white p-6 shadow-sm">
            <Quote className="size-7 text-brand-700" aria-hidden="true" />
            <blockquote className="mt-2 text-lg leading-relaxed sm:text-xl font-medium text-slate-900">
              <p>{homeAbout.mission}</p>
            </blockquote>
            <figcaption className="mt-3 text-sm font-semibold tracking-wide text-brand-800 uppercase">
              Our mission
            </figcaption>
          </figure>
          {homeAbout.paragraphs.map((paragraph) => (
            <p key={paragraph.slice(0, 40)} className="mt-5 text-lg leading-relaxed text-slate-700">
              {paragraph}
            </p>
          ))}
        </Reveal>
        <Reveal delay={0.1}>
          <ul
            className="space-y-4 rounded-2xl bg-brand-950 p-6 text-white shadow-lg sm:p-8"
            aria-label="Why homeowners choose us"
          >
            {homeAbout.claims.map((claim) => (
              <li key={claim} className="flex items-center gap-3 text-lg font-semibold">
                <BadgeCheck className="size-6 shrink-0 text-accent-300" aria-hidden="true" />
                {claim}
              </li>
            ))}
          </ul>
        </Reveal>
      </div>
    </section>
  )
}
