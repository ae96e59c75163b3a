/** What the site derives from a visitor's fields: the ZIP's town and area, the form's fingerprint. */
import { cities } from '../../content/cities'
import type { City } from '../../content/types'

const cityByZip = new Map(cities.flatMap((city) => city.zipCodes.map((zip) => [zip, city] as const)))

/** The town whose ZIP codes include this one (a ZIP+4 by its first five digits); null when none does. */
export function cityOfZip(zip: string | null | undefined): City | null {
  return cityByZip.get(zip?.trim().slice(0, 5) ?? '') ?? null
}

/** Null when no ZIP was given. Never a refusal: the owner decides whether to drive out (decision 045). */
export function outsideServiceArea(zip: string | null | undefined): boolean | null {
  return zip?.trim() ? !cityOfZip(zip) : null
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
