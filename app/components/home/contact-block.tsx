import type { ReactNode } from 'react'
import { Clock, Mail, MapPin, Phone, type LucideIcon } from 'lucide-react'
import { homeContact } from '~/content/home-sections'
import { fullAddress, site } from '~/content/site'
import { EmailAddress } from '../shared/email-address'
import { googleMapsSearchUrl } from '~/lib/page/google-maps'
import { MapFacade } from './map-facade'
import { HomeSection } from './section-header'

const contactLink = 'target-24 text-lg font-bold text-brand-800 underline-offset-4 hover:underline'

export function ContactBlock() {
  return (
    <HomeSection id="contact" texts={homeContact}>
      <div className="mt-10 grid gap-8 lg:grid-cols-2 lg:items-start">
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1">
          <ContactItem icon={Phone} label="Phone">
            <a href={site.phoneHref} className={contactLink}>
              {site.phone}
            </a>
          </ContactItem>
          <ContactItem icon={Mail} label="Email">
            <a href={`mailto:${site.email}`} className={contactLink}>
              <EmailAddress email={site.email} />
            </a>
          </ContactItem>
          <ContactItem icon={MapPin} label="Address">
            <address className="text-lg font-semibold text-slate-900 not-italic">
              {site.address.street}
              <br />
              {`${site.address.city}, ${site.address.region} ${site.address.postalCode}`}
            </address>
            <a
              href={googleMapsSearchUrl(fullAddress)}
              rel="noopener"
              className="mt-1 inline-block text-sm font-semibold text-brand-800 underline underline-offset-4"
            >
              {homeContact.openInMapsLabel}
            </a>
          </ContactItem>
          <ContactItem icon={Clock} label="Hours">
            <p className="text-lg font-semibold text-slate-900">{`Open ${site.hours.days}, ${site.hours.label}`}</p>
          </ContactItem>
        </ul>
        <MapFacade address={fullAddress} />
      </div>
    </HomeSection>
  )
}

function ContactItem({ icon: Icon, label, children }: { icon: LucideIcon; label: string; children: ReactNode }) {
  return (
    <li className="flex gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <Icon className="size-6" aria-hidden="true" />
      </span>
      <div>
        <h3 className="text-sm font-semibold tracking-wide text-slate-600 uppercase">{label}</h3>
        <div className="mt-1">{children}</div>
      </div>
    </li>
  )
}
