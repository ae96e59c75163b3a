import { useEffect, useRef, useState } from 'react'
import { MapPin } from 'lucide-react'
import { homeContact } from '~/content/home'

export function googleMapsEmbedUrl(address: string): string {
  return `https://www.google.com/maps?q=${encodeURIComponent(address)}&output=embed`
}

/**
 * A click-to-load map: until the visitor asks for it, a static street-grid drawing of our own stands in for the
 * Google Maps embed, so the page makes no third-party request and loads no map scripts on first view.
 */
export function MapFacade({ address }: { address: string }) {
  const [loaded, setLoaded] = useState(false)
  const frameRef = useRef<HTMLIFrameElement>(null)

  // The button disappears when the map loads: move focus to the map so keyboard users are not dropped.
  useEffect(() => {
    if (loaded) frameRef.current?.focus()
  }, [loaded])

  return (
    <div className="relative aspect-[4/3] w-full overflow-hidden rounded-2xl bg-slate-200 shadow-sm ring-1 ring-slate-200">
      {loaded ? (
        <iframe
          ref={frameRef}
          title={`Map of ${address}`}
          src={googleMapsEmbedUrl(address)}
          className="absolute inset-0 size-full border-0"
          referrerPolicy="strict-origin-when-cross-origin"
          allowFullScreen
        />
      ) : (
        <>
          <StreetGridPreview />
          <div className="absolute inset-x-0 bottom-0 flex flex-col items-center gap-3 bg-gradient-to-t from-white/95 via-white/85 to-transparent px-4 pt-12 pb-5 text-center">
            <button
              type="button"
              onClick={() => setLoaded(true)}
              className="inline-flex min-h-12 items-center gap-2 rounded-full bg-brand-700 px-6 font-bold text-white shadow hover:bg-brand-800"
            >
              <MapPin className="size-5" aria-hidden="true" />
              {homeContact.mapButtonLabel}
            </button>
            <p className="max-w-sm text-sm text-slate-700">{homeContact.mapNote}</p>
          </div>
        </>
      )}
    </div>
  )
}

/** An illustration, not a real map: blocks, streets, a river and a park around a pin. */
function StreetGridPreview() {
  const avenues = [40, 130, 220, 330, 420]
  const streets = [30, 100, 190, 260]
  return (
    <svg viewBox="0 0 480 360" preserveAspectRatio="xMidYMid slice" className="absolute inset-0 size-full" aria-hidden="true" focusable="false">
      <rect width="480" height="360" fill="#e9eef0" />
      <rect x="240" y="110" width="80" height="70" rx="6" fill="#cfe8c9" />
      <path d="M-20 320 C 80 270, 170 350, 270 300 S 420 250, 500 290 L 500 380 L -20 380 Z" fill="#b9dcf0" />
      <g stroke="#ffffff" strokeLinecap="round">
        {avenues.map((x) => (
          <line key={`a${x}`} x1={x} y1="-10" x2={x} y2="300" strokeWidth={x === 220 ? 14 : 8} />
        ))}
        {streets.map((y) => (
          <line key={`s${y}`} x1="-10" y1={y} x2="490" y2={y} strokeWidth={y === 190 ? 14 : 8} />
        ))}
        <line x1="-10" y1="250" x2="330" y2="-10" strokeWidth="10" />
      </g>
      <g stroke="#f4c95d" strokeWidth="2" strokeDasharray="8 8">
        <line x1="220" y1="-10" x2="220" y2="300" />
        <line x1="-10" y1="190" x2="490" y2="190" />
      </g>
      <ellipse cx="220" cy="178" rx="14" ry="5" fill="rgb(8 47 73 / 0.25)" />
      <path d="M220 176 C 204 154, 196 142, 196 128 a24 24 0 0 1 48 0 C 244 142, 236 154, 220 176 Z" fill="#0369a1" stroke="#ffffff" strokeWidth="3" />
      <circle cx="220" cy="128" r="8" fill="#ffffff" />
    </svg>
  )
}
