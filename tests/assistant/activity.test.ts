import { describe, expect, test } from 'vitest'
import { activityServices, activityToast, sampleActivity } from '~/content/activity'
import { serviceAreas } from '~/content/service-areas'
import { activityFromReviews, shortName } from '~/features/reviews/review-activity'

describe('the sample activity items (docs/product.md)', () => {
  test('there are 20, alternating booking and review, starting with a booking', () => {
    expect(sampleActivity).toHaveLength(20)
    sampleActivity.forEach((item, index) => expect(item.type).toBe(index % 2 === 0 ? 'booking' : 'review'))
  })

  test('bookings name one of the six services and a Sacramento-area city; reviews are 5 stars', () => {
    const areas = serviceAreas.map((area) => area.name)
    for (const item of sampleActivity) {
      expect(item.name).toMatch(/^[A-Z][a-z]+ [A-Z]\.$/)
      expect(item.daysAgo).toBeGreaterThanOrEqual(1)
      if (item.type === 'booking') {
        expect(activityServices).toContain(item.service)
        expect(areas).toContain(item.location)
      } else {
        expect(item.rating).toBe(5)
      }
    }
    expect(new Set(sampleActivity.flatMap((item) => (item.type === 'booking' ? [item.service] : [])))).toEqual(
      new Set(activityServices),
    )
  })
})

// The toasts' texts and ages, written out for every sample item: e2e/social-proof.spec.ts.

describe('items built from real reviews (source "reviews")', () => {
  const now = Date.parse('2025-06-10T12:00:00Z')

  test('4- and 5-star reviews become review items with the real rating and age, newest first', () => {
    const items = activityFromReviews(
      [
        { author: 'Dana Kim', rating: 5, date: '2025-06-01' },
        { author: 'Luis Martinez Ortega', rating: 4, date: '2025-06-09' },
        { author: 'Grumpy Gus', rating: 2, date: '2025-06-08' },
        { author: 'Pat', rating: 5, date: 'sometime' },
      ],
      now,
    )
    expect(items).toEqual([
      { type: 'review', name: 'Luis O.', rating: 4, daysAgo: 1 },
      { type: 'review', name: 'Dana K.', rating: 5, daysAgo: 9 },
      { type: 'review', name: 'Pat', rating: 5 },
    ])
    expect(activityToast(items[0]!)).toEqual({
      title: 'New Review!',
      text: 'Luis O. left a 4-star review',
      age: '1 day ago',
    })
    expect(activityToast(items[2]!).age).toBe('')
  })

  test('only a first name and an initial are shown', () => {
    expect(shortName('  jane   doe ')).toBe('jane D.')
    expect(shortName('Cher')).toBe('Cher')
  })
})
