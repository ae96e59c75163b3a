import { LEAD_MESSAGES } from '~/features/leads/lead-messages'
import { site } from '~/content/site'
import { ResultPanel } from '~/components/shared/result-panel'
import { LeadPhotoForm } from './lead-photo-form'
import { TextUsAfterRequest } from './text-us-after-request'
import { LeadForm } from './lead-form'
import type { LeadFormInitial } from './lead-form-constants'

export function LeadResult({
  status,
  message,
  initial,
  photoToken,
}: {
  status?: string
  message?: string
  initial?: LeadFormInitial
  photoToken?: string | null
}) {
  const sent = status === 'sent'
  return (
    <section className="mx-auto max-w-2xl px-4 py-16 sm:px-6">
      <ResultPanel
        ok={sent}
        title={sent ? LEAD_MESSAGES.success.title : status ? LEAD_MESSAGES.submitError.title : 'Request a free quote'}
      >
        <p className="mt-2">
          {sent
            ? LEAD_MESSAGES.success.description
            : status
              ? (message ?? LEAD_MESSAGES.submitError.description)
              : null}
        </p>
        {sent ? <TextUsAfterRequest /> : null}
        {!sent && status ? (
          <p className="mt-2">
            Or call us at{' '}
            <a className="font-semibold underline" href={site.phoneHref}>
              {site.phone}
            </a>
            .
          </p>
        ) : null}
      </ResultPanel>
      {sent && photoToken ? (
        <div className="mt-8 rounded-2xl bg-white p-6 shadow-xl ring-1 ring-slate-200">
          <LeadPhotoForm token={photoToken} />
        </div>
      ) : null}
      {sent ? null : (
        <div className="mt-8">
          <LeadForm initial={initial} />
        </div>
      )}
    </section>
  )
}
