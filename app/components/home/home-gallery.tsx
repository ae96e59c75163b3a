import { getRouteApi, Link } from '@tanstack/react-router'
import { ArrowRight } from 'lucide-react'
import { galleryTexts } from '~/content/gallery'
import { homeGalleryTexts } from '~/content/home-sections'
import { shownItemKey, shownItems } from '~/features/work/shown-work'
import { BeforeAfterThumbnail } from '~/components/shared/before-after-thumbnail'
import type { ImageSource } from '~/components/ui/responsive-image'
import { shownPhoto } from '~/components/shared/shown-photo'
import { Reveal } from './reveal'
import { HomeSection } from './section-header'
import { actionButtonClass } from '~/components/shared/action-buttons'

const TILE_RATIO = 4 / 3
const homeRoute = getRouteApi('/')

// A photo narrower than its tile fills only part of it, so a smaller file will do.
function tileSizes({ width, height }: ImageSource): string {
  const share = Math.min(1, width / height / TILE_RATIO)
  return `(min-width: 1280px) ${Math.round(293 * share)}px, (min-width: 1024px) ${(23 * share).toFixed(1)}vw, ${(46 * share).toFixed(1)}vw`
}

export function HomeGallery() {
  const items = shownItems({ page: 'home' }, homeRoute.useLoaderData({ select: (data) => data.work }))
  return (
    // Kept with nothing to show (GALLERY_SAMPLES=off, nothing posted): the header's Gallery link lands here.
    <HomeSection id="gallery" texts={homeGalleryTexts} className="scroll-mt-16 bg-white">
      {items.length === 0 ? (
        <p className="mt-10 text-center text-lg text-slate-700">{galleryTexts.empty}</p>
      ) : (
        <>
          <ul className="mt-10 grid grid-cols-2 gap-3 sm:gap-5 lg:grid-cols-4">
            {items.map((item, index) => (
              <li key={shownItemKey(item)}>
                {/* Equal tiles; the whole before-and-after stays visible. */}
                <Reveal delay={index * 0.08} className="aspect-[4/3]">
                  <BeforeAfterThumbnail item={item} sizes={tileSizes(shownPhoto(item).source)} tileRatio={TILE_RATIO} />
                </Reveal>
              </li>
            ))}
          </ul>
          <div className="mt-10 flex justify-center">
            <Link to="/gallery" className={actionButtonClass.solid}>
              {homeGalleryTexts.moreLabel}
              <ArrowRight className="size-5" aria-hidden="true" />
            </Link>
          </div>
        </>
      )}
    </HomeSection>
  )
}
