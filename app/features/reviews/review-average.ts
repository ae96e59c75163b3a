/** docs/decisions/022-rating-from-reviews.md */
export function reviewAverage(reviews: readonly { rating: number }[]): { average: string; count: number } | null {
  if (reviews.length === 0) return null
  const total = reviews.reduce((sum, review) => sum + review.rating, 0)
  return { average: (total / reviews.length).toFixed(1), count: reviews.length }
}
