export const LEAD_FORM_CLASS = 'quote-request-form'
export const LEAD_FORM_ID = 'quote-form'

export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
}

export const RENDER_ALL_KEY = 'renderAll'

function renderWholePage(): void {
  document.documentElement.dataset[RENDER_ALL_KEY] = ''
}

/**
 * From the first move to another address on, every section is laid out: Back restores the old page at its old
 * offset, which lands on what the visitor was reading only if no section above stands at its placeholder height.
 */
export function renderWholePageAfterNavigating({ fromLocation }: { fromLocation?: unknown }): void {
  if (fromLocation && typeof document !== 'undefined') renderWholePage()
}

export function scrollIntoView(element: Element | null): element is Element {
  if (!element) return false
  renderWholePage()
  element.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' })
  return true
}

export function scrollToSection(id: string): boolean {
  const element = document.getElementById(id)
  if (!scrollIntoView(element)) return false
  if (!element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1')
  element.focus({ preventScroll: true })
  return true
}

export function scrollToLeadForm(): boolean {
  const form = document.querySelector(`.${LEAD_FORM_CLASS}`)
  if (!scrollIntoView(form)) return false
  const firstField = form.querySelector<HTMLElement>('input:not([type=hidden]):not([tabindex="-1"])')
  if (firstField) firstField.focus({ preventScroll: true })
  return true
}

export function scrollRestorationAfterHydration(): () => boolean {
  let hydrated = false
  return () => {
    // The server asks too, for the reload-position script: yes.
    if (typeof window === 'undefined' || hydrated) return true
    hydrated = true
    // Scrolled before hydration (by the visitor, a #section or a reload): leave the page where it is.
    return !document.documentElement.hasAttribute('data-scrolled')
  }
}

export const SCROLL_AFTER_NAVIGATION_MS = 100

const SCROLL_ATTEMPTS = 20
const SETTLE_CHECK_MS = 800

function awayFromTop(element: HTMLElement): boolean {
  const margin = parseFloat(getComputedStyle(element).scrollMarginTop) || 0
  return Math.abs(element.getBoundingClientRect().top - margin) > 48
}

/** Late content above can still push the target away. */
export function scrollAfterNavigation(target: () => HTMLElement | null, scroll: () => boolean, attempt = 0): void {
  window.setTimeout(() => {
    if (scroll()) {
      window.setTimeout(() => {
        const element = target()
        if (element && awayFromTop(element)) scroll()
      }, SETTLE_CHECK_MS)
    } else if (attempt < SCROLL_ATTEMPTS) {
      scrollAfterNavigation(target, scroll, attempt + 1)
    }
  }, SCROLL_AFTER_NAVIGATION_MS)
}
