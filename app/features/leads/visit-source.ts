// The visit's source as the first page noted it in sessionStorage (visit-source-record.ts, decision 047): one
// tab, one visit; no cookie, nothing across visits. In every page's entry, so only the reading is here.
import { VISIT_SOURCE_KEY } from './visit-source-constants'

/** The note as JSON text, or '' when there is none or no storage. */
export function visitSourceText(): string {
  try {
    return sessionStorage.getItem(VISIT_SOURCE_KEY) ?? ''
  } catch {
    return ''
  }
}

/**
 * Called once a page has hydrated: the address and referrer are read now, before any navigation; the code that
 * notes them loads once the page has settled, no part of its first load.
 */
export function noteVisitSource(): void {
  const landing = location.href
  const referrer = document.referrer
  const record = () =>
    setTimeout(() =>
      import('./visit-source-record').then(
        (module) => module.recordVisitSource(landing, referrer),
        () => {}, // A chunk that fails to load leaves the lead without a source, nothing else.
      ),
    )
  // Not lazy-when-idle.ts: importing it here would pull more code into every first load.
  if (document.readyState === 'complete') record()
  else addEventListener('load', record, { once: true })
}
