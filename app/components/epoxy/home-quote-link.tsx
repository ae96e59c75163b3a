import type { MouseEvent, ReactNode } from 'react'
import { Link, useNavigate } from '@tanstack/react-router'
import { QUOTE_FORM_CLASS, QUOTE_FORM_ID, scrollAfterNavigation, scrollToLeadForm } from '~/lib/page/scroll'

export function HomeQuoteLink({ className, children }: { className: string; children: ReactNode }) {
  const navigate = useNavigate()

  function onClick(event: MouseEvent<HTMLAnchorElement>) {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    event.preventDefault()
    void navigate({ to: '/' }).then(() =>
      scrollAfterNavigation(() => document.querySelector<HTMLElement>(`.${QUOTE_FORM_CLASS}`), scrollToLeadForm),
    )
  }

  return (
    // Before hydration the browser follows the hash to the form itself.
    <Link to="/" hash={QUOTE_FORM_ID} className={className} onClick={onClick}>
      {children}
    </Link>
  )
}
