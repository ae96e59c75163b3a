import { Suspense, useCallback, useState } from 'react'
import { lazyOptional } from '~/lib/lazy-when-idle'
import type { GalleryImage } from '~/content/types'

// On demand: Radix Dialog stays out of the first-load JavaScript.
const loadDialog = () => import('./before-after-dialog')
const BeforeAfterDialog = lazyOptional(loadDialog)

/** On hover or focus of a thumbnail, so opening feels instant. */
export function preloadBeforeAfterDialog() {
  void loadDialog().catch(() => undefined)
}

interface OpenImage {
  image: GalleryImage
  trigger: HTMLElement | null
}

export function useBeforeAfterLightbox() {
  const [current, setCurrent] = useState<OpenImage | null>(null)
  const open = useCallback((image: GalleryImage, trigger: HTMLElement | null) => setCurrent({ image, trigger }), [])
  const close = useCallback(() => setCurrent(null), [])
  const lightbox = current ? (
    <Suspense fallback={null}>
      <BeforeAfterDialog image={current.image} returnFocusTo={current.trigger} onClose={close} />
    </Suspense>
  ) : null
  return { open, close, lightbox, openImage: current?.image ?? null }
}
