// GET /work-photos/<hash>-<width>.<avif|webp>: posted work's variants, from the site's own origin, whichever store holds them
// (docs/decisions/049-posted-work.md). Names hash their content, so they are cached for good, like /img/.
import { POSTED_WORK_FILE_PATTERN } from '~/lib/posted-work'
import { getBackend, type Backend } from '../backend/backend.server'
import { CONTENT_TYPES, type VariantFormat } from '../images/image-variants.server'

export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable'

export async function workPhotoResponse(request: Request, file: string, backend: Backend = getBackend()) {
  // Uncached, or a 404 would outlive the file's arrival (a post on another instance, a restore).
  const notFound = () =>
    new Response('Not found\n', {
      status: 404,
      headers: {
        'Content-Type': 'text/plain; charset=utf-8',
        'Cache-Control': 'no-store',
        'X-Content-Type-Options': 'nosniff',
      },
    })
  const match = POSTED_WORK_FILE_PATTERN.exec(file)
  if (!match) return notFound()
  const bytes = await backend.files.get(`posted-work/${file}`)
  if (!bytes) return notFound()
  return new Response(request.method === 'HEAD' ? null : bytes.slice(), {
    headers: {
      'Content-Type': CONTENT_TYPES[match[3] as VariantFormat],
      'Content-Length': String(bytes.byteLength),
      'Cache-Control': IMMUTABLE_CACHE_CONTROL,
      'X-Content-Type-Options': 'nosniff',
    },
  })
}
