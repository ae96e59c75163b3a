/** lucide's star as a plain polygon in a 24-unit box. */
const STAR_POINTS = [
  12, 2, 15.09, 8.26, 22, 9.27, 17, 14.14, 18.18, 21.02, 12, 17.77, 5.82, 21.02, 7, 14.14, 2, 9.27, 8.91, 8.26,
]
const STAR_STEP = 26.4
const STARS = 5

function starsPath(first: number, last: number): string {
  let path = ''
  for (let star = first; star < last; star++) {
    const offset = star * STAR_STEP
    const points = []
    for (let index = 0; index < STAR_POINTS.length; index += 2) {
      points.push(`${Math.round((STAR_POINTS[index]! + offset) * 100) / 100} ${STAR_POINTS[index + 1]}`)
    }
    path += `M${points.join('L')}Z`
  }
  return path
}

/** One SVG for five stars: an element per star weighed on the home page. */
export function StarRating({ rating, decorative = false }: { rating: number; decorative?: boolean }) {
  const filled = Math.round(Math.min(Math.max(rating, 0), STARS))
  const label = decorative
    ? { 'aria-hidden': true }
    : { role: 'img', 'aria-label': `Rated ${rating} out of ${STARS} stars` }
  const width = Math.round((STARS * STAR_STEP - (STAR_STEP - 24)) * 100) / 100
  return (
    <span {...label} className="inline-flex">
      <svg
        aria-hidden="true"
        viewBox={`0 0 ${width} 24`}
        className="h-5 w-auto overflow-visible"
        strokeWidth={2}
        strokeLinejoin="round"
      >
        {filled > 0 && <path d={starsPath(0, filled)} className="fill-accent-400 stroke-accent-500" />}
        {filled < STARS && <path d={starsPath(filled, STARS)} className="fill-slate-200 stroke-slate-300" />}
      </svg>
    </span>
  )
}
