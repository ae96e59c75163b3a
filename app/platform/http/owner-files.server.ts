// The owner's own files: lead photos and spreadsheets (leads, won ad clicks, money), the latter a header row, then
// CRLF rows of cells no spreadsheet runs.

/** Never cached, never indexed; the routes let only the signed-in owner ask. */
export const OWNER_FILE_HEADERS = {
  'Cache-Control': 'private, no-store',
  'X-Robots-Tag': 'noindex',
  'X-Content-Type-Options': 'nosniff',
}

/**
 * A leading ' before = + - @ tab CR: a spreadsheet must not run a visitor's text. Quoted when it holds a
 * separator (`;` too: semicolon locales split on it) or starts like a formula (decision 052).
 */
export function csvCell(value: string | null): string {
  let text = value ?? ''
  const formula = /^[=+\-@\t\r]/.test(text)
  if (formula) text = `'${text}`
  return formula || /[",;\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

export const csvText = (columns: readonly string[], rows: readonly (readonly (string | null)[])[]) =>
  `${[columns, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`

export const csvDownload = (csv: string, filename: string) =>
  new Response(csv, {
    headers: {
      ...OWNER_FILE_HEADERS,
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${filename}"`,
    },
  })
