import type { MouseEvent, ReactNode } from 'react'
import { Link, useNavigate } from '@tanstack/react-router'
import { SCROLL_AFTER_NAVIGATION_MS, scrollToQuoteForm } from '~/lib/scroll'

const MAX_ATTEMPTS = 20

/** The home page may still be streaming its quote form in: retry briefly until it is there. */
function scrollToQuoteFormWhenReady(attempt = 0) {
  if (scrollToQuoteForm() || attempt >= MAX_ATTEMPTS) return
  window.setTimeout(() => scrollToQuoteFormWhenReady(attempt + 1), SCROLL_AFTER_NAVIGATION_MS)
}

/** "Get Free Quote": goes to the home page, then scrolls to its quote form (spec: /epoxy). */
export function HomeQuoteLink({ className, children }: { className: string; children: ReactNode }) {
  const navigate = useNavigate()

  function onClick(event: MouseEvent<HTMLAnchorElement>) {
    // New-tab and modified clicks keep the plain link behaviour.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    event.preventDefault()
    void navigate({ to: '/' }).then(() => {
      window.setTimeout(() => scrollToQuoteFormWhenReady(), SCROLL_AFTER_NAVIGATION_MS)
    })
  }

  return (
    <Link to="/" className={className} onClick={onClick}>
      {children}
    </Link>
  )
}
