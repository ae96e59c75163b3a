// One shape for a tile and its overlay, whether the photo is a sample or a job the owner posted.
import { cityNames } from '~/content/service-areas'
import type { PostedWork } from '~/features/work/posted-work'
import { POSTED_WORK_BASE_URL, postedWorkFile } from '~/features/work/posted-work-places'
import type { ShownItem } from '~/features/work/shown-work'
import { manifestImage, type ImageSource } from '~/components/ui/responsive-image'

export type ShownPhoto = ReturnType<typeof shownPhoto>

export function postedWorkImage(work: PostedWork): ImageSource {
  const { width, height, widths, placeholder, imageHash } = work
  return {
    width,
    height,
    widths,
    placeholder,
    file: (w, format) => `${POSTED_WORK_BASE_URL}${postedWorkFile(imageHash, w, format)}`,
  }
}

export function shownPhoto(item: ShownItem) {
  if (item.kind === 'sample') {
    const { src, alt, category } = item.image
    return { source: manifestImage(src), alt, category, caption: null, town: null, sample: true }
  }
  const { work } = item
  return {
    source: postedWorkImage(work),
    alt: work.alt,
    category: work.category,
    caption: work.caption,
    town: work.citySlug ? cityNames[work.citySlug] : null,
    sample: false,
  }
}
