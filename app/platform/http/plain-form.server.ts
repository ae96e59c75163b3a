// A plain HTML form posted to its own page, without scripts (the quote request form's fallback, the quote page):
// from another site 403, over its size 413, else its text fields. Files and unknown fields are never read.
import { isSameOriginRequest } from './origin.server'

export interface PlainForm {
  /** The field's text; undefined when absent or a file. */
  text(name: string): string | undefined
  /** Each text of a repeated field (ticked boxes). */
  all(name: string): string[]
}

/** Null: a body that is no form. */
export async function readPlainForm(request: Request, maxBytes: number): Promise<Response | PlainForm | null> {
  if (!isSameOriginRequest(request)) return new Response('Forbidden', { status: 403 })
  const length = Number(request.headers.get('content-length') ?? NaN)
  if (!(length <= maxBytes)) return new Response('Request too large', { status: 413 })
  const form = await request.formData().catch(() => null)
  if (!form) return null
  const texts = (name: string) => form.getAll(name).filter((value): value is string => typeof value === 'string')
  return { text: (name) => texts(name)[0], all: texts }
}
