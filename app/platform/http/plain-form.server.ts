// A plain HTML form posted to its own page, without scripts (the quote request form's fallback, the quote page):
// from another site 403, over its size 413 (of no declared length 411), else its text fields. Files and unknown
// fields are never read.
import { bodyLengthRefusal } from './body-length.server'
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
  const refused = bodyLengthRefusal(request, maxBytes)
  if (refused) return new Response(refused.error, { status: refused.status })
  const form = await request.formData().catch(() => null)
  if (!form) return null
  const texts = (name: string) => form.getAll(name).filter((value): value is string => typeof value === 'string')
  return { text: (name) => texts(name)[0], all: texts }
}
