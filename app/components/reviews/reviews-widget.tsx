import { reviewsWidget } from '~/content/reviews-widget'
import { onPageSettled } from '~/lib/page/lazy-when-idle'
import { SectionTitle } from '~/components/shared/section-title'

// A ref callback with a cleanup (React 19): the widget comes once the page has settled, and goes with its frame.
function loadWidgetWhenSettled(container: HTMLDivElement | null) {
  if (!reviewsWidget || !container) return
  const { scriptUrl, html } = reviewsWidget
  let script: HTMLScriptElement | null = null
  const cancel = onPageSettled(
    () => {
      container.innerHTML = html
      script = document.createElement('script')
      script.src = scriptUrl
      script.async = true
      script.dataset.reviewsWidget = ''
      container.appendChild(script)
    },
    { timeout: 3_000 },
  )
  return () => {
    cancel()
    script?.remove()
    container.innerHTML = ''
  }
}

export function ReviewsWidget() {
  if (!reviewsWidget) return null
  return (
    <section aria-labelledby="reviews-widget-heading" className="bg-slate-50">
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 md:py-16">
        <SectionTitle id="reviews-widget-heading">More Reviews</SectionTitle>
        <div ref={loadWidgetWhenSettled} className="mt-8 min-h-40" data-testid="reviews-widget" />
      </div>
    </section>
  )
}
