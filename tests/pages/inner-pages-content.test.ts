import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { parseWidgetScriptUrl, reviewsWidget } from '~/content/reviews-widget'
import { contactDetails } from '~/content/contact'
import { formatReviewDate, reviewExcerpt } from '~/components/shared/review-card'

describe('reviews widget settings', () => {
  it.skipIf(!!process.env.PUBLIC_REVIEWS_WIDGET_SCRIPT_URL)(
    'is off unless configured (no third-party script by default)',
    () => {
      expect(reviewsWidget).toBeNull()
    },
  )

  it('loads only an https script (http only for localhost)', () => {
    expect(parseWidgetScriptUrl('https://widgets.example.com/platform.js')).toBe(
      'https://widgets.example.com/platform.js',
    )
    expect(parseWidgetScriptUrl('  https://widgets.example.com/a.js  ')).toBe('https://widgets.example.com/a.js')
    expect(parseWidgetScriptUrl('http://localhost:8080/w.js')).toBe('http://localhost:8080/w.js')
    const refused = [undefined, '', 'http://cdn.example/a.js', 'javascript:alert(1)', '//cdn.example/a.js']
    for (const url of refused) expect(parseWidgetScriptUrl(url), url).toBeNull()
  })
})

describe('review card text', () => {
  it('cuts text longer than 120 characters and adds an ellipsis (docs/product.md#validation)', () => {
    const long = 'x'.repeat(121)
    expect(reviewExcerpt(long)).toBe(`${'x'.repeat(120)}…`)
    expect(reviewExcerpt('x'.repeat(120))).toBe('x'.repeat(120))
  })

  it('prints a review date the same on the server and in the browser', () => {
    expect(formatReviewDate('2025-04-12')).toBe('April 12, 2025')
    expect(formatReviewDate('not a date')).toBe('not a date')
    expect(formatReviewDate('2025-12-31T23:30:00-08:00')).toBe('January 1, 2026')
  })

  it('spells every date as Intl.DateTimeFormat en-US long would, in UTC', () => {
    const intl = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' })
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2100-12-31T23:59:59Z'), noInvalidDate: true }),
        (date) => {
          expect(formatReviewDate(date.toISOString())).toBe(intl.format(date))
          expect(formatReviewDate(date.toISOString().slice(0, 10))).toBe(intl.format(date))
        },
      ),
      { numRuns: 500 },
    )
  })
})

describe('page facts', () => {
  // City pages say Same Day and 5.0 Stars (docs/product.md#pages-and-routes): e2e/pages.spec.ts, on every city page.
  it('the contact service-area card counts the 16 areas and the 50 km radius in miles', () => {
    expect(contactDetails.serviceArea.note).toBe('16 communities within about 31 miles of Sacramento')
  })
})
