/** The link customers are sent to review the business: https only, read from configuration, never a caller. */
export function isReviewUrl(value: string): boolean {
  return value.length <= 500 && /^https:\/\/[^\s/]+\S*$/.test(value)
}
