import { otherPlaces } from '../../content/assistant-answers'
import { cityOfZip } from '../quote/lead-fields.server'
import { servedPlaces } from './knowledge.server'

const wordPattern = (phrase: string) => new RegExp(`\\b${phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`)

export interface PlaceFindings {
  served: { name: string; city: string }[]
  servedZips: { zip: string; city: string }[]
  unknownZips: string[]
  other: string[]
  sacramento: boolean
}

const servedPlacePatterns = servedPlaces.map((place) => ({ ...place, pattern: wordPattern(place.match) }))
const otherPlacePatterns = otherPlaces.map((name) => ({ name, pattern: wordPattern(name.toLowerCase()) }))

export function findPlaces(text: string): PlaceFindings {
  let rest = text
  const found: PlaceFindings = { served: [], servedZips: [], unknownZips: [], other: [], sacramento: false }
  for (const place of servedPlacePatterns) {
    if (!place.pattern.test(rest)) continue
    found.served.push({ name: place.name, city: place.city })
    rest = rest.replace(place.pattern, ' ')
  }
  for (const place of otherPlacePatterns) {
    if (!place.pattern.test(rest)) continue
    found.other.push(place.name)
    rest = rest.replace(place.pattern, ' ')
  }
  for (const zip of rest.match(/\b9\d{4}\b/g) ?? []) {
    const city = cityOfZip(zip)?.name
    if (city) found.servedZips.push({ zip, city })
    else found.unknownZips.push(zip)
  }
  found.sacramento = /\bsacramento\b/.test(rest) && !/\bsacramento (county|area|region|valley)\b/.test(rest)
  return found
}

/** After "in" or "near" a name is capitalised: "work in the rain" is no place. */
export function unknownPlaceCandidate(text: string, original: string): string | null {
  const match = text.match(
    /\b(serve|serving|service|cover|come to|come out to|go to|travel to|work in|in|near|around)\s+((?:[a-z]+\s?){1,3})\s*$/,
  )
  if (!match?.[2]) return null
  const strong = !['work in', 'in', 'near', 'around'].includes(match[1] ?? '')
  const words = match[2]
    .trim()
    .replace(/\b(ca|california)$/, '')
    .trim()
    .split(' ')
    .filter((word) => !['the', 'my', 'your', 'our', 'of', 'me', 'us', 'a'].includes(word))
  const generic =
    /^(areas?|neighbou?rhoods?|towns?|city|cities|zip|county|region|places?|home|house|location|here|there|you|it|that|this|now|today|tomorrow|winter|summer|spring|fall|weekends?|evenings?|rain|heat|person)$/
  const candidate = words.filter((word) => !generic.test(word))
  if (candidate.length === 0 || candidate.length !== words.length) return null
  const name = candidate.join(' ').replace(/\b[a-z]/g, (c) => c.toUpperCase())
  if (!strong && !original.includes(name)) return null
  return name
}
