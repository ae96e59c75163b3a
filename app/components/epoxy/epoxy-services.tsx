import { CheckCircle2, Sun, Warehouse, type LucideIcon } from 'lucide-react'
import { epoxy } from '~/content/services'
import { SectionTitle } from '~/components/shared/section-title'
import { IconList } from '~/components/shared/icon-list'

// In the order of epoxy.cards.
const icons: LucideIcon[] = [Warehouse, Sun]

export function EpoxyServices() {
  return (
    <section aria-labelledby="epoxy-services-heading" className="bg-slate-50">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        <SectionTitle id="epoxy-services-heading">Our Epoxy Services</SectionTitle>
        <div className="mt-8 grid gap-6 md:grid-cols-2">
          {epoxy.cards.map((card, index) => {
            const Icon = icons[index % icons.length]!
            return (
              <article key={card.title} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
                <div className="flex items-center gap-4">
                  <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-accent-400 text-slate-950">
                    <Icon className="size-6" aria-hidden="true" />
                  </span>
                  <h3 className="text-2xl font-bold text-slate-900">{card.title}</h3>
                </div>
                <p className="mt-4 text-slate-700">{card.description}</p>
                <IconList items={card.features} icon={CheckCircle2} look="features" />
              </article>
            )
          })}
        </div>
      </div>
    </section>
  )
}
