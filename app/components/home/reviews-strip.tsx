import {
  Component,
  Suspense,
  startTransition,
  useEffect,
  useId,
  useState,
  type CSSProperties,
  type ReactNode,
} from 'react'
import { Link } from '@tanstack/react-router'
import { LoaderCircle, Pause, Play } from 'lucide-react'
import { homeReviews } from '~/content/home'
import type { Review } from '~/lib/backend-reads'
import { useSettledReviews } from '~/hooks/use-settled-reviews'
import { onPageSettled } from '~/lib/lazy-when-idle'
import { REVIEW_EXCERPT_LENGTH, ReviewCard } from '~/components/shared/review-card'

/** Enough to scroll without a visible seam. */
const COPIES = 3
const SECONDS_PER_REVIEW = 7

export function ReviewsStrip() {
  return (
    <HideOnError>
      <Suspense fallback={<ReviewsSpinner />}>
        <ReviewsStripContent />
      </Suspense>
    </HideOnError>
  )
}

function ReviewsStripContent() {
  const reviews = useSettledReviews('/')
  if (!reviews || reviews.length === 0) return null
  return <ReviewsMarquee reviews={reviews} />
}

function ReviewsFrame({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <section id="reviews" aria-labelledby="reviews-heading" className="bg-slate-50 py-14 sm:py-16">
      <div className="mx-auto flex max-w-7xl flex-wrap items-end justify-between gap-4 px-4 sm:px-6">
        <div>
          <h2 id="reviews-heading" className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            {homeReviews.heading}
          </h2>
          <p className="mt-2 text-slate-600">{homeReviews.intro}</p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          {action}
          <Link
            to="/reviews"
            className="inline-flex min-h-11 items-center rounded-full font-semibold whitespace-nowrap text-brand-800 underline-offset-4 hover:underline sm:px-4"
          >
            {homeReviews.allReviewsLabel}
          </Link>
        </div>
      </div>
      {/* Shared by spinner and strip: no jump when the reviews arrive. */}
      <div className="mt-8 min-h-[15rem]">{children}</div>
    </section>
  )
}

function ReviewsSpinner() {
  return (
    <ReviewsFrame>
      <div role="status" className="flex h-[15rem] items-center justify-center gap-3 text-slate-600">
        <LoaderCircle className="size-6 animate-spin motion-reduce:animate-none" aria-hidden="true" />
        <span>{homeReviews.loadingLabel}</span>
      </div>
    </ReviewsFrame>
  )
}

function ReviewsMarquee({ reviews }: { reviews: Review[] }) {
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
                  <ReviewCard review={review} maxLength={REVIEW_EXCERPT_LENGTH} />
                </li>
              ))}
            </ul>
          ))}
        </div>
      </div>
    </ReviewsFrame>
  )
}

class HideOnError extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false }
  static getDerivedStateFromError() {
    return { failed: true }
  }
  override componentDidCatch(error: unknown) {
    console.error('[reviews] the reviews strip failed to render', error)
  }
  override render() {
    return this.state.failed ? null : this.props.children
  }
}
