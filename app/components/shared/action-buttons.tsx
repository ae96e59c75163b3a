import type { MouseEvent } from 'react'
import { Link } from '@tanstack/react-router'
import { ArrowLeft, MessageSquareText, Phone } from 'lucide-react'
import { textUs } from '~/content/contact'
import { site, smsHref } from '~/content/site'
import { LEAD_FORM_ID, scrollToLeadForm } from '~/lib/page/scroll'

const pill = 'inline-flex min-h-12 items-center gap-2 rounded-full px-6 font-bold'

export const actionButtonClass = {
  accent: `${pill} bg-accent-400 text-slate-950 shadow hover:bg-accent-300`,
  solid: `${pill} bg-brand-700 text-white shadow hover:bg-brand-800`,
  outlineOnDark: `${pill} text-white ring-2 ring-white/70 hover:bg-white/10`,
  outlineOnLight: `${pill} text-brand-800 ring-2 ring-brand-700 hover:bg-brand-50`,
} as const

export type ActionButtonLook = keyof typeof actionButtonClass

export function CallButton({ look = 'accent' }: { look?: ActionButtonLook }) {
  return (
    <a href={site.phoneHref} className={actionButtonClass[look]}>
      <Phone className="size-5" aria-hidden="true" />
      {`Call ${site.phone}`}
    </a>
  )
}

/** Opens the visitor's messages app with `body` filled in; they send it themselves. */
export function TextUsLink({ body, className }: { body: string; className: string }) {
  return (
    <a href={smsHref(site.phone, body)} className={className}>
      <MessageSquareText className="size-5" aria-hidden="true" />
      {textUs.label}
    </a>
  )
}

/** Once hydrated it scrolls smoothly and focuses the form's first field. */
export function LeadFormLink({ look = 'accent' }: { look?: ActionButtonLook }) {
  function onClick(event: MouseEvent<HTMLAnchorElement>) {
    if (scrollToLeadForm()) event.preventDefault()
  }
  return (
    <a href={`#${LEAD_FORM_ID}`} onClick={onClick} className={actionButtonClass[look]}>
      Get a Free Quote
    </a>
  )
}

export function BackToHomeLink({ className = '' }: { className?: string }) {
  return (
    <Link
      to="/"
      className={`inline-flex min-h-11 items-center gap-2 rounded-full bg-white/10 px-4 text-sm font-semibold text-white ring-1 ring-white/25 hover:bg-white/20 focus-visible:outline-accent-300 ${className}`}
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      Back to Home
    </Link>
  )
}
