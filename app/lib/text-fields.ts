// Rules of text fields that more than one feature's schema uses (valibot), and the message shown beside a field.
import * as v from 'valibot'
import { FORBIDDEN_CHARS, hasForbiddenChars } from './text'

export const ONE_ISSUE = { abortPipeEarly: true } as const
export const noForbidden = (message: string) => v.check((s: string) => !hasForbiddenChars(s), message)
// Line breaks are kept in longer texts; every other control character is refused or replaced.
export const withoutControls = (s: string) =>
  s.replace(/\r\n?/g, '\n').replace(FORBIDDEN_CHARS, (c) => (c === '\n' ? c : ' '))
/** An optional text of the owner's that keeps its line breaks: empty when not given. */
export const ownerText = (max: number, message: string) =>
  v.pipe(v.optional(v.string(), ''), v.transform(withoutControls), v.trim(), v.maxLength(max, message))

/** The first issue's message and the field it belongs to (a path such as items.2.price), for a message beside it. */
export function firstIssue(issues: readonly v.BaseIssue<unknown>[]): { message: string; field: string } {
  const issue = issues[0]
  const field = (issue?.path ?? []).map((step) => String(step.key)).join('.')
  return { message: issue?.message ?? 'Invalid input', field }
}
