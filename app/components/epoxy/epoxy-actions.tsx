import type { MouseEvent } from 'react'
import { Link, useNavigate } from '@tanstack/react-router'
import { ArrowRight } from 'lucide-react'
import { LEAD_FORM_CLASS, LEAD_FORM_ID, scrollAfterNavigation, scrollToLeadForm } from '~/lib/page/scroll'
import { CallButton, actionButtonClass } from '~/components/shared/action-buttons'

export function EpoxyActions() {
  const navigate = useNavigate()

  function toHomeLeadForm(event: MouseEvent<HTMLAnchorElement>) {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    event.preventDefault()
    void navigate({ to: '/' }).then(() =>
      scrollAfterNavigation(() => document.querySelector<HTMLElement>(`.${LEAD_FORM_CLASS}`), scrollToLeadForm),
    )
  }

  return (
    <div className="flex flex-wrap gap-3">
      {/* Before hydration the browser follows the hash to the home page's form itself. */}
      <Link to="/" hash={LEAD_FORM_ID} className={actionButtonClass.accent} onClick={toHomeLeadForm}>
        Get Free Quote
        <ArrowRight className="size-5" aria-hidden="true" />
      </Link>
      <CallButton look="outlineOnDark" />
    </div>
  )
}
