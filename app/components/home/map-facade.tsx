import { useState, type KeyboardEvent, type MouseEvent } from 'react'
import { MapPin } from 'lucide-react'
import { homeContact } from '~/content/home-sections'
import { googleMapsEmbedUrl, googleMapsSearchUrl } from '~/lib/page/google-maps'
import { actionButtonClass } from '~/components/shared/action-buttons'

// The button disappears: focus moves to the map, so keyboard users are not dropped. One function, so it runs once.
const focusOnMount = (frame: HTMLIFrameElement | null) => frame?.focus()

/** No third-party request until the visitor asks for the map. */
export function MapFacade({ address }: { address: string }) {
  const [loaded, setLoaded] = useState(false)
  const showMap = (event: MouseEvent | KeyboardEvent) => {
    event.preventDefault()
    setLoaded(true)
  }

  return (
    <div className="relative aspect-[4/3] w-full overflow-hidden rounded-2xl bg-slate-200 shadow-sm ring-1 ring-slate-200">
      {loaded ? (
        <iframe
          ref={focusOnMount}
          title={`Map of ${address}`}
          src={googleMapsEmbedUrl(address)}
          className="absolute inset-0 size-full border-0"
          referrerPolicy="strict-origin-when-cross-origin"
          allowFullScreen
        />
      ) : (
        <>
          <img
            src="/map-preview.svg"
            alt=""
            width={480}
            height={360}
            loading="lazy"
            decoding="async"
            className="absolute inset-0 size-full object-cover"
          />
          <div className="absolute inset-x-0 bottom-0 flex flex-col items-center gap-3 bg-gradient-to-t from-white/95 via-white/85 to-transparent px-4 pt-12 pb-5 text-center">
            <a
              href={googleMapsSearchUrl(address)}
              rel="noopener"
              role="button"
              onClick={showMap}
              onKeyDown={(event) => event.key === ' ' && showMap(event)}
              className={actionButtonClass.solid}
            >
              <MapPin className="size-5" aria-hidden="true" />
              {homeContact.mapButtonLabel}
            </a>
            {/* Clear of the chat button on phones. */}
            <p className="max-w-sm px-14 text-sm text-slate-700 sm:px-0">{homeContact.mapNote}</p>
          </div>
        </>
      )}
    </div>
  )
}
