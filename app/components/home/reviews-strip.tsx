import { Suspense } from 'react'
import { CatchBoundary } from '@tanstack/react-router'
import { LoaderCircle } from 'lucide-react'
import { homeReviews } from '~/content/home'
import { useSettledReviews } from '~/features/reviews/use-settled-reviews'
import { lazyWhenIdle } from '~/lib/page/lazy-when-idle'
import { ReviewsFrame } from './reviews-frame'

// The server sends the strip whole; its code (cards, movement, pause) comes at idle.
const ReviewsMarquee = lazyWhenIdle(() => import('./reviews-marquee').then((module) => module.ReviewsMarquee))

export function ReviewsStrip() {
  return (
    // A failure hides the strip.
    <CatchBoundary
      getResetKey={() => 0}
      errorComponent={() => null}
      onCatch={(error) => console.error('[reviews] the reviews strip failed to render', error)}
    >
      <Suspense fallback={<ReviewsSpinner />}>
        <ReviewsStripContent />
      </Suspense>
    </CatchBoundary>
  )
}

function ReviewsStripContent() {
  const reviews = useSettledReviews('/')
  if (!reviews || reviews.length === 0) return null
  return <ReviewsMarquee reviews={reviews} />
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
