import { useId, type Ref } from 'react'
import { X } from 'lucide-react'
import { ResponsiveImage } from '~/components/ui/responsive-image'
import type { ShownPhoto } from './shown-photo'

export interface BeforeAfterDialogProps {
  id: string
  photo: ShownPhoto
  ref: Ref<HTMLDialogElement>
  onClose: () => void
}

/** The platform's dialog works before hydration; React adds a click on the photo. */
export function BeforeAfterDialog({ id, photo, ref, onClose }: BeforeAfterDialogProps) {
  const titleId = useId()
  const descriptionId = useId()
  return (
    <dialog
      ref={ref}
      id={id}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      closedby="any"
      onClick={(event) => event.currentTarget.close()}
      onClose={onClose}
      className="m-auto max-h-none max-w-none cursor-zoom-out overflow-visible border-0 bg-transparent p-4 outline-none backdrop:bg-slate-950/90 sm:p-10"
    >
      <figure className="flex max-w-6xl flex-col items-center">
        <ResponsiveImage
          name={photo.source}
          alt={photo.alt}
          sizes="(min-width: 1152px) 1152px, 100vw"
          className="max-h-[calc(100dvh-9rem)] w-auto max-w-full rounded-lg object-contain shadow-2xl"
        />
        <figcaption className="mt-4 max-w-3xl text-center text-sm text-slate-200">
          <p id={titleId} className="font-semibold text-white">
            {photo.town ? `${photo.category} in ${photo.town}` : photo.category}
          </p>
          <p id={descriptionId} className="mt-1">
            {photo.alt}
          </p>
          {photo.caption && <p className="mt-2 text-slate-100">{photo.caption}</p>}
        </figcaption>
      </figure>
      <form method="dialog">
        <button
          className="fixed top-4 right-4 inline-flex size-12 cursor-pointer items-center justify-center rounded-full bg-white/10 text-white ring-1 ring-white/30 hover:bg-white/20 focus-visible:outline-accent-300"
          aria-label="Close full-size image"
        >
          <X className="size-6" aria-hidden="true" />
        </button>
      </form>
    </dialog>
  )
}
