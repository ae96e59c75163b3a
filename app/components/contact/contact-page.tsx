import { site } from '~/content/site'
import { PageHeading } from '~/components/layout/page-heading'
import { ContactCards } from './contact-cards'
import { ContactLeadForm } from './contact-lead-form'
import { ContactAreas } from './contact-areas'
import { PrivacyNotice } from './privacy-notice'

export function ContactPage() {
  return (
    <>
      <PageHeading
        title="Contact Us"
        intro={`Call ${site.phone} or request your free quote. Open every day, ${site.hours.label}.`}
      />
      <ContactCards />
      <ContactLeadForm />
      <ContactAreas />
      <PrivacyNotice />
    </>
  )
}
