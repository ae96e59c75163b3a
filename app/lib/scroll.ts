/** Smooth scrolling that honours prefers-reduced-motion. Browser-only helpers. */

export const QUOTE_FORM_CLASS = 'quote-request-form'

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
}

/** `<html data-render-all>`: app.css then lays out every `.render-when-visible` section. */
export const RENDER_ALL_KEY = 'renderAll'

/**
 * Sections below the fold are not laid out until they near the viewport (`.render-when-visible`, app.css), so
 * until then their heights are estimates. Lay them all out once, before the first in-page scroll, so the scroll
 * aims at the target's real position and nothing above it changes size on the way.
 */
function renderWholePage(): void {
  document.documentElement.dataset[RENDER_ALL_KEY] = ''
}

/** Smooth (or, with reduced motion, instant) scroll of an element to the top of the viewport; false if missing. */
export function scrollIntoView(element: Element | null): boolean {
  if (!element) return false
  renderWholePage()
  element.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' })
  return true
}

/** Scrolls to the element with this id and moves focus there for keyboard and screen-reader users. */
export function scrollToSection(id: string): boolean {
  const element = document.getElementById(id)
  if (!scrollIntoView(element)) return false
  focusWithoutScroll(element)
  return true
}

/** Scrolls to the page's quote form (class "quote-request-form") and focuses its first field. */
export function scrollToQuoteForm(): boolean {
  const form = document.querySelector(`.${QUOTE_FORM_CLASS}`)
  if (!scrollIntoView(form)) return false
  const firstField = form?.querySelector<HTMLElement>('input:not([type=hidden]):not([tabindex="-1"])')
  if (firstField) firstField.focus({ preventScroll: true })
  return true
}

function focusWithoutScroll(element: HTMLElement | null) {
  if (!element) return
  if (!element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1')
  element.focus({ preventScroll: true })
}

/**
 * The router's scroll restoration, except on the hydration render of a page the visitor already scrolled
 * (before the JavaScript arrived): then it stays where the visitor is.
 */
export function scrollRestorationAfterHydration(): () => boolean {
  let hydrated = false
  return () => {
    // The server asks too, whether to write the inline script that restores a reload's position before paint: yes.
    if (typeof window === 'undefined' || hydrated) return true
    hydrated = true
    return window.scrollX === 0 && window.scrollY === 0
  }
}

/** The delay (docs/product.md#home-page) between arriving on the home page and scrolling to a section. */
export const SCROLL_AFTER_NAVIGATION_MS = 100

const SCROLL_ATTEMPTS = 20
/** Content above the target (reviews streaming in, sections hydrating) can still move it after the scroll. */
const SETTLE_CHECK_MS = 800

function awayFromTop(element: HTMLElement): boolean {
  const margin = parseFloat(getComputedStyle(element).scrollMarginTop) || 0
  return Math.abs(element.getBoundingClientRect().top - margin) > 48
}

/**
 * After arriving on the home page: wait ~100 ms (docs/product.md#home-page), then scroll, retrying briefly while the
 * target is still loading (sections below the fold arrive a moment after the page), and scroll once
 * more if late content above has pushed the target away by the time the page settles.
 */
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
