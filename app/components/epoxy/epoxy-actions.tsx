import { ArrowRight } from 'lucide-react'
import { CallButton, actionButtonClass } from '~/components/shared/action-buttons'
import { HomeLeadFormLink } from './home-lead-form-link'

export function EpoxyActions() {
  return (
    <div className="flex flex-wrap gap-3">
      <HomeLeadFormLink className={actionButtonClass.accent}>
        Get Free Quote
        <ArrowRight className="size-5" aria-hidden="true" />
      </HomeLeadFormLink>
      <CallButton look="outlineOnDark" />
    </div>
  )
}
