import { ArrowRight } from 'lucide-react'
import { CallButton, actionButtonClass } from '~/components/shared/action-buttons'
import { HomeQuoteLink } from './home-quote-link'

export function EpoxyActions() {
  return (
    <div className="flex flex-wrap gap-3">
      <HomeQuoteLink className={actionButtonClass.accent}>
        Get Free Quote
        <ArrowRight className="size-5" aria-hidden="true" />
      </HomeQuoteLink>
      <CallButton look="outlineOnDark" />
    </div>
  )
}
