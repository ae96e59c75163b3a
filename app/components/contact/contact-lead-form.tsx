import { CheckCircle2 } from 'lucide-react'
import { claims, fullAddress } from '~/content/site'
import { LeadForm } from '~/features/leads/lead-form'
import { IconList } from '~/components/shared/icon-list'

export function ContactLeadForm() {
  const promises = [
    `We reply within ${claims.replyWithin}, usually the same day`,
    `${claims.freeEstimates}, with no obligation`,
    claims.licensed,
    claims.guarantee,
  ]
  return (
    <div className="mx-auto grid max-w-7xl items-start gap-10 px-4 py-12 sm:px-6 md:py-16 lg:grid-cols-2">
      <LeadForm />
      <div className="rounded-2xl bg-brand-50 p-6 ring-1 ring-brand-100 sm:p-8">
        <h3 className="text-xl font-bold text-slate-900">What happens next</h3>
        <p className="mt-3 text-slate-700">
          We call or email you to talk about your property, answer your questions and give you a price.
        </p>
        <IconList items={promises} icon={CheckCircle2} look="features" />
        <p className="mt-6 text-sm text-slate-600">Based at {fullAddress}.</p>
      </div>
    </div>
  )
}
