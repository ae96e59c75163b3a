import { useId, useRef, type MouseEvent } from 'react'
import { galleryLabels } from '~/content/gallery'
import { shownItemKey, type ShownItem } from '~/features/work/shown-work'
import { imageUrl, ResponsiveImage } from '~/components/ui/responsive-image'
import { HeldUntilPaint } from '~/components/ui/held-until-paint'
import { BeforeAfterDialog } from './before-after-dialog'
import { shownPhoto } from './shown-photo'

export interface BeforeAfterThumbnailProps {
  /** A sample photo, or a job the owner posted. */
  item: ShownItem
  sizes: string
  priority?: boolean
  /** Width / height of a fixed tile, whose height the thumbnail fills, to fit the photo into. */
  tileRatio?: number
  /** On phones, until hydration, load after the first paint (the entry loader releases it). */
  holdUntilFirstPaint?: boolean
  /** A posted job's caption under the tile, where the layout lets tiles differ in height. */
  showCaption?: boolean
}

const LABEL = 'absolute rounded-full px-2.5 py-1 text-xs leading-none font-bold text-white shadow sm:text-sm'

export function BeforeAfterThumbnail({
  item,
  sizes,
  priority = false,
  tileRatio,
  holdUntilFirstPaint = false,
  showCaption = false,
}: BeforeAfterThumbnailProps) {
  const photo = shownPhoto(item)
  const { width, height } = photo.source
  const sideBySide = width >= height
  const frameFit = tileRatio && width / height < tileRatio ? 'h-full' : 'w-full'
  const dialogId = useId()
  const dialogRef = useRef<HTMLDialogElement>(null)
  const triggerRef = useRef<HTMLButtonElement>(null)
  // Its own width asks for the largest file.
  const fullSize = imageUrl(photo.source, width)
  const openFile = (event: MouseEvent) => {
    event.preventDefault()
    window.open(fullSize, '_blank', 'noopener')
  }
  return (
    // Invoker commands open it before any script; React covers browsers without them.
    <>
      <button
        ref={triggerRef}
        type="button"
        {...{ commandfor: dialogId, command: 'show-modal' }}
        aria-haspopup="dialog"
        onClick={(event) => {
          if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return openFile(event)
          event.preventDefault()
          if (!dialogRef.current?.open) dialogRef.current?.showModal()
        }}
        onAuxClick={(event) => event.button === 1 && openFile(event)}
        className={`group relative w-full cursor-zoom-in ${tileRatio ? 'flex items-center justify-center' : 'block'} overflow-hidden rounded-xl bg-slate-100 text-left shadow-sm ring-1 ring-slate-200 ${tileRatio ? 'h-full' : ''}`}
      >
        {/* Sized by its aspect ratio alone, so holding the photo back or skipping it off screen shifts nothing;
            skipped, its contents cost nothing when a modal overlay restyles the page. */}
        <HeldUntilPaint
          as="span"
          held={holdUntilFirstPaint}
          className={`relative block ${frameFit} [content-visibility:auto]`}
          style={{ aspectRatio: `${width} / ${height}` }}
        >
          <ResponsiveImage
            name={photo.source}
            alt={photo.alt}
            sizes={sizes}
            priority={priority}
            // Else the browser raises later photos to high and starves the LCP photo.
            fetchPriority={priority ? undefined : 'low'}
            className="block size-full transition-transform duration-300 group-hover:scale-[1.03]"
          />
          <span aria-hidden="true" className={`${LABEL} top-1 left-1 bg-slate-950/85`}>
            {galleryLabels.before}
          </span>
          <span
            aria-hidden="true"
            className={`${LABEL} bg-brand-800/90 ${sideBySide ? 'top-1 left-[calc(50%+0.25rem)]' : 'top-[calc(50%+0.25rem)] left-1'}`}
          >
            {galleryLabels.after}
          </span>
          <span
            data-badge
            className={`absolute ${photo.sample ? 'bottom-6' : 'bottom-3'} left-3 rounded-full bg-slate-950/80 px-3 py-1 text-xs font-semibold text-white shadow transition-opacity duration-200 [@media(hover:hover)]:opacity-0 [@media(hover:hover)]:group-hover:opacity-100 [@media(hover:hover)]:group-focus-visible:opacity-100`}
          >
            {photo.town ? `${photo.category} · ${photo.town}` : photo.category}
          </span>
          {/* Seen, not read: the alt text starts "Sample before-and-after" already. */}
          {photo.sample && (
            <span
              aria-hidden="true"
              className="absolute right-1 bottom-1 rounded bg-white/90 px-1.5 py-0.5 text-[0.6875rem] leading-none font-semibold text-slate-800 shadow-sm"
            >
              {galleryLabels.sample}
            </span>
          )}
        </HeldUntilPaint>
      </button>
      {showCaption && photo.caption && <p className="mt-2 text-sm text-slate-700">{photo.caption}</p>}
      <BeforeAfterDialog
        id={dialogId}
        ref={dialogRef}
        photo={photo}
        // Safari does not focus a clicked button, so its dialog gives focus back to no one: then it goes to the
        // button. Focus already moved on (the event comes a task later) stays where it went.
        onClose={() => {
          if (!document.activeElement || document.activeElement === document.body) triggerRef.current?.focus()
        }}
      />
    </>
  )
}

/** Jobs as captioned tiles in a grid; `className` sets its columns and spacing. */
export function CaptionedWorkList({
  items,
  sizes,
  className,
}: {
  items: ShownItem[]
  sizes: string
  className: string
}) {
  return (
    <ul className={`grid items-start gap-4 ${className}`}>
      {items.map((item) => (
        <li key={shownItemKey(item)}>
          <BeforeAfterThumbnail item={item} sizes={sizes} showCaption />
        </li>
      ))}
    </ul>
  )
}
