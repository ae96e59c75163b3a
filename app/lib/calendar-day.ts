/**
 * A real calendar day written YYYY-MM-DD. 2026-02-31 has a day's shape, and the database refuses it with its own
 * text (a 500); 2026-13-01 makes an invalid `Date`, whose toISOString throws: both are refused here.
 */
export function isCalendarDay(day: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return false
  const [year, month, date] = day.split('-').map(Number)
  const at = new Date(Date.UTC(year!, month! - 1, date!))
  return at.getUTCFullYear() === year && at.getUTCMonth() === month! - 1 && at.getUTCDate() === date
}
