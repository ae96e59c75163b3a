import { BadgeCheck, CheckCircle2 } from 'lucide-react'
import type { Service } from '~/content/types'
import type { TypicalPrice } from '~/features/prices/typical-price'
import { TypicalPriceFacts } from '~/features/prices/typical-price-facts'
import { ResponsiveImage } from '~/components/ui/responsive-image'
import { HeldUntilPaint } from '~/components/ui/held-until-paint'
import { LeadForm } from '~/features/leads/lead-form'
import { ServiceGallery } from './service-gallery'
import { SectionTitle } from '~/components/shared/section-title'

export function ServiceDetail({ service, price }: { service: Service; price: TypicalPrice | null }) {
  return (
    <section
      id="service-detail"
      aria-labelledby="service-title"
      className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:py-16"
    >
      <div className="render-when-visible grid gap-12 lg:grid-cols-[minmax(0,1fr)_24rem] xl:grid-cols-[minmax(0,1fr)_26rem]">
        <div>
          <SectionTitle id="service-title" className="sm:text-4xl">
            {service.title}
          </SectionTitle>
          {/* On a phone the photo is below the text: it waits for the text's paint, in a frame that keeps its place. */}
          <HeldUntilPaint className="mt-6 aspect-[16/9] w-full">
            <ResponsiveImage
              name={service.image}
              alt={`Sample image: ${service.title}`}
              sizes="(min-width: 1280px) 780px, (min-width: 1024px) calc(100vw - 30rem), calc(100vw - 2rem)"
              priority
              // From a tablet up it is the largest paint; on a phone it is below the text.
              priorityMedia="(min-width: 640px)"
              className="aspect-[16/9] w-full rounded-2xl object-cover shadow-sm"
            />
          </HeldUntilPaint>
          <p className="mt-6 text-lg leading-relaxed text-slate-700">{service.description}</p>
          {price && (
            <div className="mt-6">
              <TypicalPriceFacts price={price} ranges={price.ranges} />
            </div>
          )}

          <section aria-labelledby="service-included" className="mt-10">
            <h3 id="service-included" className="text-2xl font-bold text-slate-900">
              What's Included
            </h3>
            <ul className="mt-4 grid gap-3 sm:grid-cols-2">
              {service.features.map((feature) => (
                <li
                  key={feature}
                  className="flex gap-3 rounded-xl bg-slate-50 p-4 text-slate-700 ring-1 ring-slate-200"
                >
                  <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
                  <span>{feature}</span>
                </li>
              ))}
            </ul>
          </section>

          <section aria-labelledby="service-process" className="mt-10">
            <h3 id="service-process" className="text-2xl font-bold text-slate-900">
              Our Process
            </h3>
            <ol className="mt-4 grid gap-4 sm:grid-cols-2">
              {service.process.map((step, index) => (
                <li key={step.title} className="rounded-xl p-5 ring-1 ring-slate-200">
                  <div className="flex items-center gap-3">
                    <span
                      aria-hidden="true"
                      className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-700 font-bold text-white"
                    >
                      {index + 1}
                    </span>
                    <h4 className="font-bold text-slate-900">
                      <span className="sr-only">Step {index + 1}: </span>
                      {step.title}
                    </h4>
                  </div>
                  <p className="mt-3 text-slate-700">{step.description}</p>
                </li>
              ))}
            </ol>
          </section>

          <section aria-labelledby="service-benefits" className="mt-10">
            <h3 id="service-benefits" className="text-2xl font-bold text-slate-900">
              Benefits
            </h3>
            <ul className="mt-4 space-y-3">
              {service.benefits.map((benefit) => (
                <li key={benefit} className="flex gap-3 text-slate-700">
                  <BadgeCheck className="mt-0.5 size-5 shrink-0 text-accent-500" aria-hidden="true" />
                  <span>{benefit}</span>
                </li>
              ))}
            </ul>
          </section>
        </div>

        {/* Held in view only where it fits below the tabs: on a shorter screen its end, the focused field or the
            button, would stay below the window while the text beside it scrolls. */}
        <div className="lg:top-36 lg:self-start lg:[@media(min-height:66rem)]:sticky">
          <LeadForm
            service={service.id}
            title={`Get a Free ${service.title} Quote`}
            description={`Tell us about your ${service.shortTitle.toLowerCase()} job and we'll reply with a free estimate.`}
          />
        </div>
      </div>

      <ServiceGallery service={service} />
    </section>
  )
}
