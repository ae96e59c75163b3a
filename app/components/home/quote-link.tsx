import type { MouseEvent, ReactNode } from 'react'
import { scrollToQuoteForm } from '~/lib/scroll'

/** The no-JS target of every "quote" button on the home page. */
export const QUOTE_SECTION_ID = 'free-quote'

/** Scrolls to the form and focuses its first field; without JavaScript the #free-quote fragment still works. */
export function QuoteLink({ children, className }: { children: ReactNode; className?: string }) {
  function onClick(event: MouseEvent<HTMLAnchorElement>) {
    if (scrollToQuoteForm()) event.preventDefault()
  }
  return (
    <a href={`#${QUOTE_SECTION_ID}`} onClick={onClick} className={className}>
      {children}
    </a>
  )
}
