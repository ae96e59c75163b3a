import type { GalleryImage } from '~/content/types'
import { fullSizeImageUrl, ResponsiveImage } from '~/components/ui/responsive-image'
import { preloadBeforeAfterDialog } from './before-after-lightbox'

export interface BeforeAfterThumbnailProps {
  image: GalleryImage
  sizes: string
  priority?: boolean
  onOpen: (image: GalleryImage, trigger: HTMLElement) => void
  className?: string
}

/** The badge sits bottom left, clear of the photo's own BEFORE/AFTER labels; always shown on touch screens. */
export function BeforeAfterThumbnail({
  image,
  sizes,
  priority = false,
  onOpen,
  className = '',
}: BeforeAfterThumbnailProps) {
  return (
    // A link to the full-size file, so a tap works before the JavaScript arrives; the overlay enhances it.
    <a
      href={fullSizeImageUrl(image.src)}
      aria-haspopup="dialog"
      onClick={(event) => {
        // Ctrl/Cmd/Shift-click or a middle click still opens the file, in a new tab or window.
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
        event.preventDefault()
        onOpen(image, event.currentTarget)
      }}
      onPointerEnter={preloadBeforeAfterDialog}
      onFocus={preloadBeforeAfterDialog}
      className={`group relative block w-full cursor-zoom-in overflow-hidden rounded-xl bg-slate-100 text-left shadow-sm ring-1 ring-slate-200 ${className}`}
    >
      <ResponsiveImage
        name={image.src}
        alt={image.alt}
        sizes={sizes}
        priority={priority}
        // Otherwise the browser raises the photos below the first to high and starves the LCP photo.
        fetchPriority={priority ? undefined : 'low'}
        className="block h-auto w-full transition-transform duration-300 group-hover:scale-[1.03]"
      />
      <span
        data-badge
        className="absolute bottom-3 left-3 rounded-full bg-slate-950/80 px-3 py-1 text-xs font-semibold text-white shadow transition-opacity duration-200 [@media(hover:hover)]:opacity-0 [@media(hover:hover)]:group-hover:opacity-100 [@media(hover:hover)]:group-focus-visible:opacity-100"
      >
        {image.category}
      </span>
    </a>
  )
}
