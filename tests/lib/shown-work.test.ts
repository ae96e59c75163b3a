// Which photos each place shows: the owner's posted jobs first, then sample photos (docs/decisions/049).
import { describe, expect, it } from 'vitest'
import { gallery, galleryForService, homeGallery } from '../../app/content/gallery'
import type { GalleryCategory } from '../../app/content/types'
import { CITY_RECENT_WORK, type PostedWork } from '../../app/features/work/posted-work'
import { GALLERY_PLACES, postedFor, shownItems, type ShownItem } from '../../app/features/work/shown-work'

let made = 0
function job(category: GalleryCategory, city: PostedWork['citySlug'] = null, daysAgo = made): PostedWork {
  made += 1
  return {
    id: `00000000-0000-4000-8000-${String(made).padStart(12, '0')}`,
    category,
    citySlug: city,
    caption: null,
    alt: `Before and after: ${category.toLowerCase()} #${made}`,
    imageHash: made.toString(16).padStart(16, '0'),
    width: 1600,
    height: 1000,
    widths: [320, 640],
    placeholder: '#8899aa',
    createdAt: new Date(Date.UTC(2026, 10, 28) - daysAgo * 86_400_000).toISOString(),
  }
}

const names = (items: ShownItem[]) => items.map((item) => (item.kind === 'posted' ? item.work.alt : item.image.src))
const samplesIn = (items: ShownItem[]) => items.filter((item) => item.kind === 'sample')

describe('the gallery page', () => {
  it('shows every sample photo while nothing is posted', () => {
    expect(names(shownItems({ page: 'gallery' }, { posted: [], samples: true }))).toEqual(
      gallery.slice(0, GALLERY_PLACES).map((image) => image.src),
    )
  })

  it('puts posted jobs first, newest first, and samples fill the rest of its 24 places', () => {
    const older = job('Deck Cleaning', null, 5)
    const newer = job('Driveway Cleaning', 'folsom', 1)
    const items = shownItems({ page: 'gallery' }, { posted: [older, newer], samples: true })
    expect(names(items).slice(0, 2)).toEqual([newer.alt, older.alt])
    expect(items).toHaveLength(GALLERY_PLACES)
    expect(names(items).slice(2)).toEqual(gallery.slice(0, GALLERY_PLACES - 2).map((image) => image.src))
  })

  it('shows all posted jobs beyond its 24 places, and then no sample', () => {
    const posted = Array.from({ length: 30 }, (_, day) => job('Patio Cleaning', null, day))
    const items = shownItems({ page: 'gallery' }, { posted, samples: true })
    expect(items).toHaveLength(30)
    expect(samplesIn(items)).toEqual([])
  })
})

describe('the home page', () => {
  it('shows its four samples while nothing is posted', () => {
    expect(names(shownItems({ page: 'home' }, { posted: [], samples: true }))).toEqual(
      homeGallery.map((image) => image.src),
    )
  })

  it('shows the newest posted jobs in its four places first', () => {
    const posted = [job('House Washing', null, 3), job('Deck Cleaning', null, 1)]
    const items = shownItems({ page: 'home' }, { posted, samples: true })
    expect(names(items)).toEqual([posted[1]!.alt, posted[0]!.alt, homeGallery[0]!.src, homeGallery[1]!.src])
  })

  it('takes only four of many posted jobs', () => {
    const posted = Array.from({ length: 6 }, (_, day) => job('Patio Cleaning', null, day))
    expect(names(shownItems({ page: 'home' }, { posted, samples: true }))).toEqual(
      posted.slice(0, 4).map((work) => work.alt),
    )
  })
})

describe('a service tab', () => {
  it("shows its category's posted jobs first, then that service's samples, three in all", () => {
    const sidewalk = job('Sidewalk Cleaning', null, 1)
    const deck = job('Deck Cleaning', null, 0)
    const items = shownItems({ page: 'service', service: 'driveway' }, { posted: [sidewalk, deck], samples: true })
    const samples = galleryForService('driveway')
    expect(names(items)).toEqual([sidewalk.alt, samples[0]!.src, samples[1]!.src])
  })
})

describe('a city page', () => {
  it('shows only work posted for that town, at most six, and never a sample', () => {
    const folsom = Array.from({ length: 8 }, (_, day) => job('Driveway Cleaning', 'folsom', day))
    const elsewhere = job('Driveway Cleaning', 'roseville', 0)
    const items = shownItems({ page: 'city', city: 'folsom' }, { posted: [elsewhere, ...folsom], samples: true })
    expect(names(items)).toEqual(folsom.slice(0, CITY_RECENT_WORK).map((work) => work.alt))
    expect(shownItems({ page: 'city', city: 'loomis' }, { posted: folsom, samples: true })).toEqual([])
  })
})

describe('GALLERY_SAMPLES=off', () => {
  const places = [
    { page: 'gallery' },
    { page: 'home' },
    { page: 'service', service: 'driveway' },
    { page: 'city', city: 'folsom' },
  ] as const

  it('leaves no sample in any of the four places, even where that leaves places empty', () => {
    const posted = [job('Driveway Cleaning', 'folsom', 0)]
    for (const place of places) {
      const items = shownItems(place, { posted, samples: false })
      expect(names(items), place.page).toEqual([posted[0]!.alt])
    }
  })

  it('shows nothing at all before anything is posted', () => {
    for (const place of places) expect(shownItems(place, { posted: [], samples: false }), place.page).toEqual([])
  })
})

describe('what the server sends a place', () => {
  it('is only the jobs it shows, newest first', () => {
    const posted = [
      job('Deck Cleaning', 'folsom', 4),
      job('Deck Cleaning', 'loomis', 2),
      job('Patio Cleaning', null, 0),
    ]
    expect(postedFor({ page: 'service', service: 'deck-fence' }, posted).map((work) => work.citySlug)).toEqual([
      'loomis',
      'folsom',
    ])
    expect(postedFor({ page: 'home' }, posted).map((work) => work.category)).toEqual([
      'Patio Cleaning',
      'Deck Cleaning',
      'Deck Cleaning',
    ])
  })
})
