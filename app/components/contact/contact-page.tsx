import { site } from '~/content/site'
import { PageHeading } from '~/components/layout/page-heading'

export function ContactPage() {
  return (
    <PageHeading title="Contact Us" intro={`Call ${site.phone} or request your free quote. Open every day, ${site.hours.label}.`} />
  )
}
