import type { MouseEvent, ReactNode } from 'react'
import { scrollToQuoteForm } from '~/lib/scroll'

/** Id of the home page's quote section: the no-JS target of every "quote" button on the page. */
export const QUOTE_SECTION_ID = 'free-quote'

/**
 * An in-page link to the quote form. With JavaScript it scrolls smoothly (instantly under reduced motion) to the
 * form and focuses its first field; without, the browser follows the #free-quote fragment.
 */
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
