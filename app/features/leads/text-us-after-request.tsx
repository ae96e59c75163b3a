import { textUs } from '~/content/contact'
import { cityNameOfPath } from '~/content/service-areas'
import { site, smsHref } from '~/content/site'

/** After a sent request, a customer who would rather text starts the thread from their own phone. */
export function TextUsAfterRequest({ page }: { page?: string }) {
  return (
    <p className="mt-4">
      Rather text?{' '}
      <a
        className="font-semibold underline"
        href={smsHref(
          site.phone,
          textUs.body.sent(cityNameOfPath(new URL(page ?? '/', 'http://site.invalid').pathname)),
        )}
      >
        {textUs.label}
      </a>
    </p>
  )
}
