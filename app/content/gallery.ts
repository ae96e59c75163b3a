// The owner replaces a sample image under the same name and updates its alt text. A landscape photo is
// before (left) and after (right); a portrait one, before above after.
import type { GalleryImage, ServiceId } from './types'

export const galleryLabels = { before: 'Before', after: 'After', sample: 'Sample image' } as const

/** GALLERY_SAMPLES=off and nothing posted yet: the gallery page says so instead of showing an empty grid. */
export const galleryTexts = {
  empty: 'Photos of our latest jobs are on their way. Ask us for pictures of work like yours when you call.',
} as const

export const gallery: GalleryImage[] = [
  {
    src: 'gallery/driveway-01',
    alt: 'Sample before-and-after: oil-stained concrete driveway with blackened control joints cleaned to an even light grey',
    category: 'Driveway Cleaning',
    serviceId: 'driveway',
  },
  {
    src: 'gallery/house-01',
    alt: 'Sample before-and-after: stucco wall beside a window streaked with runoff and mildew, soft-washed clean',
    category: 'House Washing',
    serviceId: 'full-house',
  },
  {
    src: 'gallery/pavers-01',
    alt: 'Sample before-and-after: herringbone pavers with algae-blackened joints cleaned and re-sanded',
    category: 'Paver Cleaning',
    serviceId: 'concrete-sealing',
  },
  {
    src: 'gallery/deck-01',
    alt: 'Sample before-and-after: grey, weathered redwood deck boards restored to their natural red-brown',
    category: 'Deck Cleaning',
    serviceId: 'deck-fence',
  },
  {
    src: 'gallery/driveway-02',
    alt: 'Sample before-and-after: concrete driveway with dark tire tracks and rust spots cleaned',
    category: 'Driveway Cleaning',
    serviceId: 'driveway',
  },
  {
    src: 'gallery/sidewalk-02',
    alt: 'Sample before-and-after: broom-finished sidewalk with leaf tannin stains and moss along the edge cleaned',
    category: 'Sidewalk Cleaning',
    serviceId: 'driveway',
  },
  {
    src: 'gallery/pavers-02',
    alt: 'Sample before-and-after: red brick pavers dulled by algae and dirty joints cleaned back to bright red',
    category: 'Paver Cleaning',
    serviceId: 'concrete-sealing',
  },
  {
    src: 'gallery/pavers-03',
    alt: 'Sample before-and-after: travertine pavers with mildew spots and leaf stains cleaned to a light ivory',
    category: 'Paver Cleaning',
    serviceId: 'concrete-sealing',
  },
  {
    src: 'gallery/patio-01',
    alt: 'Sample before-and-after: flagstone patio darkened by algae and moss-filled joints cleaned to warm sandstone colors',
    category: 'Patio Cleaning',
    serviceId: 'patio',
  },
  {
    src: 'gallery/patio-02',
    alt: 'Sample before-and-after: concrete patio with planter rings and grill grease stains cleaned',
    category: 'Patio Cleaning',
    serviceId: 'patio',
  },
  {
    src: 'gallery/walkway-01',
    alt: 'Sample before-and-after: basket-weave brick walkway with moss-filled joints cleaned',
    category: 'Walkway Cleaning',
    serviceId: 'patio',
  },
  {
    src: 'gallery/walkway-02',
    alt: 'Sample before-and-after: exposed-aggregate front walkway with algae creeping in from the lawn edges cleaned',
    category: 'Walkway Cleaning',
    serviceId: 'full-house',
  },
  {
    src: 'gallery/house-02',
    alt: 'Sample before-and-after: vinyl lap siding and corner trim covered in green algae, soft-washed clean',
    category: 'House Washing',
    serviceId: 'full-house',
  },
  {
    src: 'gallery/roof-01',
    alt: 'Sample before-and-after: asphalt shingle roof with black algae streaks and moss, soft-washed',
    category: 'House Washing',
    serviceId: 'roof',
  },
  {
    src: 'gallery/roof-02',
    alt: 'Sample before-and-after: clay tile roof with black streaks, lichen spots and moss cleaned back to terracotta',
    category: 'House Washing',
    serviceId: 'roof',
  },
  {
    src: 'gallery/roof-03',
    alt: 'Sample before-and-after: flat concrete roof tiles with moss along the tile edges cleaned',
    category: 'House Washing',
    serviceId: 'roof',
  },
  {
    src: 'gallery/gutter-01',
    alt: 'Sample before-and-after: white gutter with black tiger stripes and leaves over the lip cleaned and brightened',
    category: 'House Washing',
    serviceId: 'gutter',
  },
  {
    src: 'gallery/gutter-02',
    alt: 'Sample before-and-after: almond gutter below a tile roof with algae and grime streaks cleaned',
    category: 'House Washing',
    serviceId: 'gutter',
  },
  {
    src: 'gallery/gutter-03',
    alt: 'Sample before-and-after: gutter and downspout streaked with grime against algae-stained siding cleaned',
    category: 'House Washing',
    serviceId: 'gutter',
  },
  {
    src: 'gallery/deck-02',
    alt: 'Sample before-and-after: cedar deck boards with mildew, black spots and leaf stains cleaned',
    category: 'Deck Cleaning',
    serviceId: 'deck-fence',
  },
  {
    src: 'gallery/fence-01',
    alt: 'Sample before-and-after: weathered grey cedar fence pickets restored to warm wood tones',
    category: 'Deck Cleaning',
    serviceId: 'deck-fence',
  },
  {
    src: 'gallery/commercial-01',
    alt: 'Sample before-and-after: storefront sidewalk with chewing-gum spots and foot-traffic grime cleaned',
    category: 'Commercial Cleaning',
    serviceId: 'commercial',
  },
  {
    src: 'gallery/commercial-02',
    alt: 'Sample before-and-after: parking-lot concrete with oil stains and dulled yellow stripes cleaned',
    category: 'Commercial Cleaning',
    serviceId: 'commercial',
  },
  {
    src: 'gallery/sidewalk-01',
    alt: 'Sample before-and-after: broom-finished public sidewalk with gum spots and leaf stains cleaned',
    category: 'Sidewalk Cleaning',
    serviceId: 'commercial',
  },
]

export const homeGallery: GalleryImage[] = gallery.slice(0, 4)

export function galleryForService(id: ServiceId): GalleryImage[] {
  return gallery.filter((image) => image.serviceId === id)
}
