// Checks on text a person typed that both sides and the platform make, whatever the feature.

/** Control, line-separator and bidirectional characters: refused in any one-line field, replaced in longer text. */
export const FORBIDDEN_CHARS = /[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069]/gu

// search(), unlike test(), ignores a global pattern's lastIndex.
export function hasForbiddenChars(value: string): boolean {
  return value.search(FORBIDDEN_CHARS) !== -1
}

/** Header-safe. */
export const EMAIL_PATTERN =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.[A-Za-z][A-Za-z0-9-]{0,61}[A-Za-z0-9]$/

export const EMAIL_MAX = 254

/** An address a mail server may be given. */
export function isValidEmail(value: string): boolean {
  return value.length <= EMAIL_MAX && !hasForbiddenChars(value) && EMAIL_PATTERN.test(value)
}
