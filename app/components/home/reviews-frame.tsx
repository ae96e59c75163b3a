import type { ReactNode } from 'react'
import { Link } from '@tanstack/react-router'
import { homeReviews } from '~/content/home'
import { SectionHeader } from './section-header'

export function ReviewsFrame({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <section id="reviews" aria-labelledby="reviews-heading" className="render-when-visible bg-slate-50 py-14 sm:py-16">
      <div className="mx-auto flex max-w-7xl flex-wrap items-end justify-between gap-4 px-4 sm:px-6">
        <SectionHeader id="reviews-heading" heading={homeReviews.heading} intro={homeReviews.intro} />
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
