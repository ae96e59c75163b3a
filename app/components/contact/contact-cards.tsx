import type { ReactNode } from 'react'
import { Clock, Mail, MapPin, Phone, type LucideIcon } from 'lucide-react'
import { contactDetails, textUs } from '~/content/contact'
import { site } from '~/content/site'
import { TextUsLink } from '../shared/action-buttons'
import { EmailAddress } from '../shared/email-address'

function ContactCard({
  icon: Icon,
  title,
  children,
  note,
}: {
  icon: LucideIcon
  title: string
  children: ReactNode
  note: string
}) {
  return (
    <li className="flex gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:flex-col sm:gap-0">
      <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-brand-700 text-white">
        <Icon className="size-6" aria-hidden="true" />
      </span>
      <div className="min-w-0">
        <h3 className="text-lg font-bold text-slate-900 sm:mt-4">{title}</h3>
        <div className="mt-1 text-lg font-semibold break-words text-slate-900">{children}</div>
        <p className="mt-2 text-sm text-slate-600">{note}</p>
      </div>
    </li>
  )
}

export function ContactCards() {
  const { phone, email, serviceArea, hours } = contactDetails
  return (
    <section aria-labelledby="contact-details-heading" className="mx-auto max-w-7xl px-4 pt-12 sm:px-6 md:pt-16">
      <h2 id="contact-details-heading" className="sr-only">
        Contact details
      </h2>
      {/* minmax(0, 1fr): a long word cannot widen the cards past a 320 px screen. */}
      <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-4">
        <ContactCard icon={Phone} title={phone.title} note={phone.note}>
          <a href={site.phoneHref} className="text-brand-800 underline-offset-4 hover:underline">
            {site.phone}
          </a>
          <TextUsLink
            body={textUs.body.contact}
            className="mt-1 flex min-h-11 items-center gap-2 text-base text-brand-800 underline underline-offset-4"
          />
        </ContactCard>
        <ContactCard icon={Mail} title={email.title} note={email.note}>
          <a href={`mailto:${site.email}`} className="text-brand-800 underline-offset-4 hover:underline">
            <EmailAddress email={site.email} />
          </a>
        </ContactCard>
        <ContactCard icon={MapPin} title={serviceArea.title} note={serviceArea.note}>
          {serviceArea.summary}
        </ContactCard>
        <ContactCard icon={Clock} title={hours.title} note={hours.note}>
          {`${hours.days}, ${site.hours.label}`}
        </ContactCard>
      </ul>
    </section>
  )
}
