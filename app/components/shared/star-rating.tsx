import { Star } from 'lucide-react'

/**
 * Five stars with the rating as text for assistive tech ("Rated 4 out of 5 stars"). `decorative` hides them
 * when the rating is already written out next to them.
 */
export function StarRating({
  rating,
  max = 5,
  className = 'size-5',
  decorative = false,
}: {
  rating: number
  max?: number
  className?: string
  decorative?: boolean
}) {
  const filled = Math.round(Math.min(Math.max(rating, 0), max))
  const label = decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': `Rated ${rating} out of ${max} stars` }
  return (
    <span {...label} className="inline-flex gap-0.5">
      {Array.from({ length: max }, (_, index) => (
        <Star
          key={index}
          aria-hidden="true"
          className={`${className} ${index < filled ? 'fill-accent-400 text-accent-500' : 'fill-slate-200 text-slate-300'}`}
        />
      ))}
    </span>
  )
}
