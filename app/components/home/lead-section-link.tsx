import type { MouseEvent, ReactNode } from 'react'
import { scrollToLeadForm } from '~/lib/page/scroll'

export const LEAD_SECTION_ID = 'free-quote'

/** Without JavaScript the #free-quote fragment still works. */
export function LeadSectionLink({ children, className }: { children: ReactNode; className?: string }) {
  function onClick(event: MouseEvent<HTMLAnchorElement>) {
    if (scrollToLeadForm()) event.preventDefault()
  }
  return (
    <a href={`#${LEAD_SECTION_ID}`} onClick={onClick} className={className}>
      {children}
    </a>
  )
}
