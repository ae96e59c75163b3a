import { startTransition, useEffect, useId, useState, type CSSProperties } from 'react'
import { Pause, Play } from 'lucide-react'
import type { Review } from '~/features/reviews/backend-reads'
import { onPageSettled } from '~/lib/page/lazy-when-idle'
import { ReviewCard } from '~/components/shared/review-card'
import { ReviewsFrame } from './reviews-frame'

/** Enough to scroll without a visible seam. */
const COPIES = 3
const SECONDS_PER_REVIEW = 7

export function ReviewsMarquee({ reviews }: { reviews: Review[] }) {
  const [paused, setPaused] = useState(false)
  const stripId = useId()
  // One copy in the server HTML; the rest and the movement follow at idle.
  const [copies, setCopies] = useState(1)
  useEffect(() => onPageSettled(() => startTransition(() => setCopies(COPIES))), [])
  const moving = copies === COPIES
  // Shown only once the strip moves: no dead control.
  const pauseButton = (
    <button
      type="button"
      aria-controls={stripId}
      onClick={() => setPaused((value) => !value)}
      className={`inline-flex min-h-11 items-center gap-2 rounded-full px-4 font-semibold whitespace-nowrap text-slate-700 ring-1 ring-slate-300 hover:bg-white motion-reduce:hidden ${moving ? '' : 'invisible'}`}
    >
      {paused ? <Play className="size-4" aria-hidden="true" /> : <Pause className="size-4" aria-hidden="true" />}
      {paused ? 'Play' : 'Pause'}
      <span className="sr-only sm:not-sr-only"> reviews</span>
    </button>
  )
  return (
    <ReviewsFrame action={pauseButton}>
      {/* Focusable: keyboard users pause it (focus-within) or, with reduced motion, scroll it. */}
      <div
        id={stripId}
        role="region"
        aria-label="Customer reviews"
        tabIndex={0}
        data-paused={paused ? '' : undefined}
        className="home-marquee"
      >
        <div
          className="home-marquee-track"
          data-moving={moving ? '' : undefined}
          style={{ '--marquee-duration': `${reviews.length * SECONDS_PER_REVIEW}s` } as CSSProperties}
        >
          {Array.from({ length: copies }, (_, copy) => (
            // Decoration: each review is read once.
            <ul
              key={copy}
              className="home-marquee-copy"
              aria-hidden={copy > 0 ? true : undefined}
              inert={copy > 0 ? true : undefined}
            >
              {reviews.map((review) => (
                <li key={review.id} className="w-[18rem] shrink-0 sm:w-[21rem]">
                  <ReviewCard review={review} excerpt />
                </li>
              ))}
            </ul>
          ))}
        </div>
      </div>
    </ReviewsFrame>
  )
}
