import * as Dialog from '@radix-ui/react-dialog'
import { X } from 'lucide-react'
import type { GalleryImage } from '~/content/types'
import { ResponsiveImage } from '~/components/ui/responsive-image'

export interface BeforeAfterDialogProps {
  image: GalleryImage
  onClose: () => void
  /** The thumbnail that opened the overlay; focus goes back to it on close. */
  returnFocusTo: HTMLElement | null
}

/** Radix traps focus and locks scrolling; any click, Escape or the button closes it (docs/product.md#gallery-page). */
export default function BeforeAfterDialog({ image, onClose, returnFocusTo }: BeforeAfterDialogProps) {
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/90" />
        <Dialog.Content
          className="fixed inset-0 z-50 flex cursor-zoom-out items-center justify-center p-4 outline-none sm:p-10"
          onClick={onClose}
          onCloseAutoFocus={(event) => {
            // Safari does not focus a clicked button, so say explicitly where focus goes back to.
            event.preventDefault()
            returnFocusTo?.focus()
          }}
        >
          <figure className="flex max-h-full max-w-6xl flex-col items-center">
            <ResponsiveImage
              name={image.src}
              alt={image.alt}
              sizes="(min-width: 1152px) 1152px, 100vw"
              priority
              className="max-h-[calc(100dvh-9rem)] w-auto max-w-full rounded-lg object-contain shadow-2xl"
            />
            <figcaption className="mt-4 max-w-3xl text-center text-sm text-slate-200">
              <Dialog.Title className="font-semibold text-white">{image.category}</Dialog.Title>
              <Dialog.Description className="mt-1">{image.alt}</Dialog.Description>
            </figcaption>
          </figure>
          <Dialog.Close
            className="absolute top-4 right-4 inline-flex size-12 cursor-pointer items-center justify-center rounded-full bg-white/10 text-white ring-1 ring-white/30 hover:bg-white/20 focus-visible:outline-accent-300"
            aria-label="Close full-size image"
          >
            <X className="size-6" aria-hidden="true" />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
