// POST /owner/past-jobs: the owner's CSV, read as it streams in under the import's 5 MB (decision 051), then
// checked and stored by importPastJobs. The inbox's script gets JSON; a plain form post (no script) a page.
import { escapeHtml } from '../../platform/transport/mail.server'
import type { Db } from '../../platform/db/database.server'
import { multipartParts, MultipartRefused, stopReading } from '../../platform/http/multipart.server'
import { COME_BACK_TEXTS as T } from './due-again'
import { IMPORT_MAX_BYTES, importPastJobs, type ImportAnswer } from './past-jobs-import.server'

const PAST_JOBS_FIELD = 'file'

const LIMITS = {
  bodyBytes: IMPORT_MAX_BYTES + 64 * 1024,
  fileBytes: IMPORT_MAX_BYTES,
  files: 1,
  fields: 0,
  fieldBytes: 0,
}

/** The answer's lines, as the view and the plain page show them. */
function answerLines(answer: ImportAnswer): string[] {
  if ('refused' in answer) return [answer.refused]
  return [
    T.imported(answer.added, answer.already),
    ...(answer.skipped.length ? [T.skipped(answer.skipped.length)] : []),
    ...answer.skipped.map(({ line, reason }) => T.line(line, reason)),
  ]
}

function reply(request: Request, status: number, answer: ImportAnswer): Response {
  const headers = { 'Cache-Control': 'private, no-store' }
  if (!(request.headers.get('accept') ?? '').includes('text/html')) return Response.json(answer, { status, headers })
  const items = answerLines(answer).map((line) => `<li>${escapeHtml(line)}</li>`)
  const html =
    `<!doctype html><html lang="en-US"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${T.importHeading}</title></head>` +
    `<body><main><h1>${T.importHeading}</h1><ul>${items.join('')}</ul>` +
    `<p><a href="/owner/due-again">${T.heading}</a></p></main></body></html>`
  return new Response(html, { status, headers: { ...headers, 'Content-Type': 'text/html; charset=utf-8' } })
}

export async function handlePastJobsPost(db: Db, request: Request, now: Date): Promise<Response> {
  let file: Uint8Array | undefined
  try {
    for await (const part of multipartParts(request, LIMITS))
      if ('file' in part && part.name === PAST_JOBS_FIELD) file = part.file
  } catch (error) {
    if (!(error instanceof MultipartRefused)) throw error
    await stopReading(request)
    const refused = error.reason === 'too-large' ? 'The file is over 5 MB.' : 'Choose one CSV file to import.'
    return reply(request, error.reason === 'too-large' ? 413 : 400, { refused })
  }
  if (!file || file.byteLength === 0) return reply(request, 400, { refused: 'Choose one CSV file to import.' })
  const answer = await importPastJobs(db, file, now)
  return reply(request, 'refused' in answer ? 422 : 200, answer)
}
