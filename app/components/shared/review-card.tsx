import type { Review } from '~/features/reviews/backend.functions'
import { StarRating } from './star-rating'

const REVIEW_EXCERPT_LENGTH = 120

export function reviewExcerpt(text: string): string {
  return text.length > REVIEW_EXCERPT_LENGTH ? `${text.slice(0, REVIEW_EXCERPT_LENGTH).trimEnd()}…` : text
}

const monthNames = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
]

/** By hand, in UTC: a first Intl.DateTimeFormat costs ~30 ms of hydration (ICU data). */
export function formatReviewDate(date: string): string {
  const parsed = new Date(/^\d{4}-\d{2}-\d{2}$/.test(date) ? `${date}T00:00:00Z` : date)
  if (Number.isNaN(parsed.getTime())) return date
  return `${monthNames[parsed.getUTCMonth()]} ${parsed.getUTCDate()}, ${parsed.getUTCFullYear()}`
}

/** Only same-origin avatars are shown: an avatar on another host would be a third-party request. */
function localAvatar(avatar: string | undefined): string | null {
  return avatar && avatar.startsWith('/') && !avatar.startsWith('//') ? avatar : null
}

function initials(author: string): string {
  return (
    author
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((part) => part[0]?.toUpperCase() ?? '')
      .join('') || '?'
  )
}

export function ReviewCard({ review, excerpt = false }: { review: Review; excerpt?: boolean }) {
  const avatar = localAvatar(review.avatar)
  const text = excerpt ? reviewExcerpt(review.text) : review.text
  return (
    <figure className="flex h-full flex-col rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <StarRating rating={review.rating} />
      <blockquote className="mt-4 flex-1 text-slate-700">
        <p>{text}</p>
      </blockquote>
      <figcaption className="mt-5 flex items-center gap-3">
        {avatar ? (
          <img
            src={avatar}
            alt=""
            width={40}
            height={40}
            loading="lazy"
            className="size-10 rounded-full object-cover"
          />
        ) : (
          <span
            aria-hidden="true"
            className="flex size-10 items-center justify-center rounded-full bg-brand-100 font-bold text-brand-800"
          >
            {initials(review.author)}
          </span>
        )}
        <span>
          <span className="block font-semibold text-slate-900">{review.author}</span>
          <time dateTime={review.date} className="block text-sm text-slate-600">
            {formatReviewDate(review.date)}
          </time>
        </span>
      </figcaption>
    </figure>
  )
}
