import { useEffect, useRef } from 'react'
import { reviewsWidget } from '~/content/reviews-widget'
import { onPageSettled } from '~/lib/page/lazy-when-idle'
import { SectionTitle } from '~/components/shared/section-title'

export function ReviewsWidget() {
  const containerRef = useRef<HTMLDivElement>(null)

  useEffect(() => {
    const container = containerRef.current
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
  }, [])

  if (!reviewsWidget) return null
  return (
    <section aria-labelledby="reviews-widget-heading" className="bg-slate-50">
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 md:py-16">
        <SectionTitle id="reviews-widget-heading">More Reviews</SectionTitle>
        <div ref={containerRef} className="mt-8 min-h-40" data-testid="reviews-widget" />
      </div>
    </section>
  )
}
