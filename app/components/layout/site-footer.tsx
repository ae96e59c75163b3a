import { Link } from '@tanstack/react-router'
import { Clock, Mail, MapPin, Phone } from 'lucide-react'
import { claims, fullAddress, site } from '~/content/site'
import { footerServices, privacyLink } from '~/content/navigation'
import { Logo } from './logo'
import { SocialLinks } from './social-links'

export function SiteFooter() {
  return (
    <footer className="bg-slate-950 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-3">
        <div className="space-y-4">
          <Link to="/" className="inline-block rounded-md" aria-label={`${site.name}, home`}>
            <Logo tone="light" />
          </Link>
          <p className="max-w-xs text-sm leading-relaxed">
            {`${claims.yearsInBusiness} years of professional pressure washing and exterior cleaning across Greater Sacramento. ${claims.licensed}.`}
          </p>
          <SocialLinks />
        </div>

        <div>
          <h2 className="text-base font-bold text-white">Contact</h2>
          <ul className="mt-4 space-y-3 text-sm">
            <li className="flex items-center gap-2">
              <Phone className="size-4 shrink-0 text-brand-300" aria-hidden="true" />
              <a href={site.phoneHref} className="target-24 hover:text-white hover:underline">
                {site.phone}
              </a>
            </li>
            <li className="flex items-center gap-2">
              <Mail className="size-4 shrink-0 text-brand-300" aria-hidden="true" />
              <a href={`mailto:${site.email}`} className="target-24 hover:text-white hover:underline">
                {site.email}
              </a>
            </li>
            <li className="flex items-start gap-2">
              <MapPin className="mt-0.5 size-4 shrink-0 text-brand-300" aria-hidden="true" />
              <span>{fullAddress}</span>
            </li>
            <li className="flex items-center gap-2">
              <Clock className="size-4 shrink-0 text-brand-300" aria-hidden="true" />
              <span>{`Open every day, ${site.hours.label}`}</span>
            </li>
          </ul>
        </div>

        <div>
          <h2 className="text-base font-bold text-white">Services</h2>
          <ul className="mt-4 space-y-2 text-sm">
            {footerServices.map((service) => (
              <li key={service.tab}>
                <Link
                  to="/services"
                  search={{ tab: service.tab }}
                  className="target-24 hover:text-white hover:underline"
                >
                  {service.label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="border-t border-slate-800">
        {/* Room on phones for the floating chat button (3.5rem + 1rem). */}
        <p className="mx-auto max-w-7xl px-4 pt-6 pb-24 text-center text-sm sm:px-6 md:pb-6">
          {`© ${site.copyrightYear} ${site.name}. All rights reserved.`}
          {site.contractorLicense && <> California contractor license #{site.contractorLicense}.</>}{' '}
          <Link
            to="/contact"
            hash={privacyLink.anchor}
            className="target-24 font-semibold text-white underline underline-offset-4"
          >
            {privacyLink.label}
          </Link>
        </p>
      </div>
    </footer>
  )
}
