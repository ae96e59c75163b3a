import { claims } from '~/content/site'
import { EpoxyActions } from './epoxy-actions'
import { SectionTitle } from '~/components/shared/section-title'

export function EpoxyCta() {
  return (
    <section
      aria-labelledby="epoxy-cta-heading"
      className="bg-brand-900 text-white [&_:focus-visible]:outline-accent-300"
    >
      <div className="mx-auto flex max-w-7xl flex-col items-start gap-6 px-4 py-14 sm:px-6 lg:flex-row lg:items-center lg:justify-between">
        <div>
          <SectionTitle id="epoxy-cta-heading" tone="dark">
            Ready for a floor that lasts?
          </SectionTitle>
          <p className="mt-2 text-brand-100">
            {claims.freeEstimates}, {claims.licensed.toLowerCase()}, and a {claims.guarantee.toLowerCase()}.
          </p>
        </div>
        <EpoxyActions />
      </div>
    </section>
  )
}
