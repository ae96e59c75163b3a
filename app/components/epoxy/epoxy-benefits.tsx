import { Droplets, Palette, ShieldCheck, Sparkles, type LucideIcon } from 'lucide-react'
import { epoxy } from '~/content/services'
import { SectionTitle } from '~/components/shared/section-title'

// In the order of epoxy.benefits.
const icons: LucideIcon[] = [ShieldCheck, Droplets, Sparkles, Palette]

export function EpoxyBenefits() {
  return (
    <section aria-labelledby="epoxy-benefits-heading" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
      <SectionTitle id="epoxy-benefits-heading">Why Choose Epoxy Flooring</SectionTitle>
      <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {epoxy.benefits.map((benefit, index) => {
          const Icon = icons[index % icons.length]!
          return (
            <li key={benefit.title} className="rounded-2xl bg-slate-50 p-6 ring-1 ring-slate-200">
              <span className="flex size-12 items-center justify-center rounded-xl bg-brand-700 text-white">
                <Icon className="size-6" aria-hidden="true" />
              </span>
              <h3 className="mt-4 text-lg font-bold text-slate-900">{benefit.title}</h3>
              <p className="mt-2 text-slate-700">{benefit.description}</p>
            </li>
          )
        })}
      </ul>
    </section>
  )
}
