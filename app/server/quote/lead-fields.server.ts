/** What the site derives from a visitor's fields: the ZIP's town and area, the form's fingerprint. */
import { cities } from '../../content/cities'

const servedZipCodes: ReadonlySet<string> = new Set(cities.flatMap((city) => city.zipCodes))

/** The town whose ZIP codes include this one, for the owner's follow-up pushes; null when none does. */
export function cityOfZip(zip: string | null | undefined): string | null {
  const five = zip?.trim().slice(0, 5)
  return (five && cities.find((city) => city.zipCodes.includes(five))?.name) || null
}

/** Null when no ZIP was given. Never a refusal: the owner decides whether to drive out (decision 045). */
export function outsideServiceArea(zip: string | null | undefined): boolean | null {
  // A ZIP+4 counts by its first five digits.
  const five = zip?.trim().slice(0, 5)
  return five ? !servedZipCodes.has(five) : null
}

export interface FingerprintFields {
  firstName: string
  email: string
  phone: string
  street?: string
  zip?: string
  preferredTime?: string
}

/**
 * The text whose hash ends the stored idempotency key: a retry of the same form is one lead, a changed form
 * (a corrected address too) a new one. Without address or time it is the text of before they existed, so a
 * retry that spans the upgrade is still one lead.
 */
export function fingerprintText(fields: FingerprintFields): string {
  const base = `${fields.firstName}\u0000${fields.email}\u0000${fields.phone}`
  const extra = [fields.street ?? '', fields.zip ?? '', fields.preferredTime ?? '']
  return extra.some(Boolean) ? `${base}\u0000${extra.join('\u0000')}` : base
}
