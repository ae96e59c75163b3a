// A careful RFC 4180 reader: quoted fields with "" for a quote, CRLF or LF between records, a comma or newline
// inside quotes kept. Small enough to own, so the import adds no dependency (decision 064).

export class CsvRefused extends Error {}

/** Each record's cells and the line it started on; blank lines are skipped. Stops past `maxRecords`. */
export function readCsv(text: string, maxRecords: number): { line: number; cells: string[] }[] {
  const records: { line: number; cells: string[] }[] = []
  let cells: string[] = []
  let cell = ''
  let quoted = false
  let line = 1
  let startLine = 1
  const endRecord = () => {
    cells.push(cell)
    if (cells.length > 1 || cells[0] !== '') records.push({ line: startLine, cells })
    if (records.length > maxRecords)
      throw new CsvRefused(`The file has over ${(maxRecords - 1).toLocaleString('en-US')} rows.`)
    cells = []
    cell = ''
  }
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"'
        i++
      } else if (c === '"') quoted = false
      else {
        if (c === '\n') line++
        cell += c
      }
    } else if (c === '"' && cell === '') quoted = true
    else if (c === ',') {
      cells.push(cell)
      cell = ''
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++
      endRecord()
      line++
      startLine = line
    } else cell += c
  }
  if (quoted) throw new CsvRefused(`A quote opened on line ${startLine} is never closed.`)
  if (cell !== '' || cells.length > 0) endRecord()
  return records
}
