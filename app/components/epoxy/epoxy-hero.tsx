import { Clock } from 'lucide-react'
import { epoxy } from '~/content/services'
import { ResponsiveImage } from '~/components/ui/responsive-image'
import { BackToHomeLink } from '~/components/shared/action-buttons'
import { EpoxyActions } from './epoxy-actions'

export function EpoxyHero() {
  return (
    <section className="bg-brand-950 text-white [&_:focus-visible]:outline-accent-300">
      <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 md:py-16">
        <BackToHomeLink />
        <div className="mt-8 grid items-center gap-10 lg:grid-cols-2">
          <div>
            <p className="text-sm font-semibold tracking-wider text-accent-300 uppercase">Specialty Service</p>
            <h1 className="mt-3 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">{epoxy.title}</h1>
            <p className="mt-4 text-lg text-brand-100">{epoxy.description}</p>
            <p className="mt-6 inline-flex items-center gap-2 rounded-full bg-white/10 px-4 py-2 font-semibold">
              <Clock className="size-5 text-accent-300" aria-hidden="true" />
              Install time: {epoxy.installTime}
            </p>
            <div className="mt-8">
              <EpoxyActions />
            </div>
          </div>
          <ResponsiveImage
            name="services/epoxy"
            alt="Sample image: grey epoxy floor coating with decorative flakes"
            sizes="(min-width: 1280px) 600px, (min-width: 1024px) 50vw, calc(100vw - 2rem)"
            priority
            // On a phone it sits below the text, which is seen first.
            priorityMedia="(min-width: 1024px)"
            // With display:contents the <source> elements would become grid cells.
            pictureClassName="block"
            className="aspect-[4/3] w-full rounded-2xl object-cover shadow-2xl ring-1 ring-white/10"
          />
        </div>
      </div>
    </section>
  )
}
