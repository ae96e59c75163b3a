import type { MouseEvent, ReactNode } from 'react'
import { Link, useNavigate } from '@tanstack/react-router'
import { LEAD_FORM_CLASS, LEAD_FORM_ID, scrollAfterNavigation, scrollToLeadForm } from '~/lib/page/scroll'

export function HomeLeadFormLink({ className, children }: { className: string; children: ReactNode }) {
  const navigate = useNavigate()

  function onClick(event: MouseEvent<HTMLAnchorElement>) {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    event.preventDefault()
    void navigate({ to: '/' }).then(() =>
      scrollAfterNavigation(() => document.querySelector<HTMLElement>(`.${LEAD_FORM_CLASS}`), scrollToLeadForm),
    )
  }

  return (
    // Before hydration the browser follows the hash to the form itself.
    <Link to="/" hash={LEAD_FORM_ID} className={className} onClick={onClick}>
      {children}
    </Link>
  )
}
