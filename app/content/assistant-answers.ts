// What the chat assistant says from the site's own facts (app/features/assistant/): its answers, what we do not
// offer, and the places near us that are not ours. Only the server reads it.
import { assistant } from './assistant'
import { serviceAreas } from './service-areas'
import { epoxy, services } from './services'
import { claims, fullAddress, site } from './site'

export const areaNames = serviceAreas.map((area) => area.name)

export function listSentence(items: readonly string[]): string {
  if (items.length <= 1) return items.join('')
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`
}

export const facts = {
  name: site.name,
  phone: site.phone,
  email: site.email,
  address: fullAddress,
  hours: `every day, ${site.hours.label}`,
  licensed: claims.licensed,
  guarantee: claims.guarantee,
  sameDay: claims.sameDayResponse,
  replyWithin: claims.replyWithin,
  freeEstimates: claims.freeEstimates,
  rating: claims.rating,
  years: claims.yearsInBusiness,
  since: site.foundedYear,
  concreteLife: claims.concreteLife,
  propertyValue: claims.propertyValue,
  epoxyInstall: claims.epoxyInstall,
  areas: areaNames,
} as const

export const areaList = listSentence(areaNames)
export const servicesSentence = `${listSentence(services.map((s) => s.title))}, plus ${epoxy.title} for garages and small patios`
export const callUs = `call us at ${facts.phone}`
const CallUs = `Call us at ${facts.phone}`
export const quoteCta = `Estimates are free: ${callUs} or use the quote form.`

export const answers = {
  greeting: `Hi! I can answer questions about our services, the areas we serve, our hours and free quotes. What would you like to know?`,
  thanks: `You're welcome! If there's anything else, ask me here or ${callUs}.`,
  identity: `I'm ${assistant.name}, ${assistant.role}. I answer from the information on this website; for anything else, ${callUs}.`,
  human: `To talk with our team, ${callUs} (${facts.hours}) or email ${facts.email}.`,
  price: `We don't give prices in chat because every job depends on the size and condition of the surfaces, but estimates are always free. Call ${facts.phone} or request a free quote with the form, and we'll reply within ${facts.replyWithin}.`,
  quote: `Estimates are always free. Fill in the quote form (first name, email and phone) on our home, services or contact page, or call ${facts.phone}. We reply within ${facts.replyWithin}.`,
  hours: `We're open ${facts.hours}, weekends included.`,
  phone: `You can call us at ${facts.phone}, ${facts.hours}, or email ${facts.email}.`,
  email: `Our email is ${facts.email}. You can also call ${facts.phone}.`,
  address: `We're based at ${facts.address}, and we serve the Greater Sacramento area.`,
  response: `We offer same-day response, and we reply to every quote request within ${facts.replyWithin}. For the fastest answer, call ${facts.phone}.`,
  licensed: `Yes, we're ${facts.licensed.toLowerCase()}.`,
  guarantee: `Every job is backed by our ${facts.guarantee.toLowerCase()}. If anything isn't right, ${callUs}.`,
  experience: `We've been cleaning exteriors around Sacramento for ${facts.years} years, since ${facts.since}.`,
  rating: `Our customers rate us ${facts.rating} stars. You can read their reviews on our Reviews page.`,
  areas: `We serve ${areaNames.length} communities around Sacramento: ${areaList}. Somewhere else? ${CallUs} and we'll let you know if we can help.`,
  servicesList: `We offer ${servicesSentence}.`,
  benefits: `Sealing and regular cleaning can extend the life of your concrete by ${facts.concreteLife}, and a clean exterior can raise property value by ${facts.propertyValue}.`,
  unknown: `I'm not sure about that, and I'd rather not guess. Please ${callUs} (${facts.hours}) and our team will be glad to help. I can answer questions about our services, service areas, hours and free quotes.`,
} as const

export const notOffered: { pattern: RegExp; label: string; related?: string }[] = [
  { pattern: /\bwindows?\b/, label: 'Window cleaning', related: 'window' },
  { pattern: /\bsolar( panels?)?\b/, label: 'Solar panel cleaning' },
  { pattern: /\bpools?\b/, label: 'Pool cleaning' },
  { pattern: /\b(carpets?|rugs?|upholstery)\b/, label: 'Carpet cleaning' },
  { pattern: /\b(interior|inside|indoors?)\b/, label: 'Interior cleaning' },
  { pattern: /\b(paint|painting|painter)\b/, label: 'Painting', related: 'paint' },
  { pattern: /\b(cars?|vehicles?|trucks?|boats?|rvs?|fleet)\b/, label: 'Vehicle washing' },
  { pattern: /\bgraffiti\b/, label: 'Graffiti removal' },
  { pattern: /\b(chimneys?|dryer vents?|air ducts?|hvac)\b/, label: 'That kind of cleaning' },
  { pattern: /\b(lawn|lawns|mowing|landscaping|tree|trees|yard work)\b/, label: 'Yard and landscaping work' },
]

/** Towns and districts near us that are none of the 16 areas, longest first. */
export const otherPlaces = [
  'Elk Grove',
  'Davis',
  'Woodland',
  'Lincoln',
  'Auburn',
  'Placerville',
  'Cameron Park',
  'Shingle Springs',
  'Galt',
  'Lodi',
  'Stockton',
  'Vacaville',
  'Fairfield',
  'Dixon',
  'Yuba City',
  'Marysville',
  'Wheatland',
  'Antelope',
  'Arden Arcade',
  'Arden',
  'Gold River',
  'Elverta',
  'Rancho Murieta',
  'Wilton',
  'Clarksburg',
  'Penryn',
  'Newcastle',
  'Natomas',
  'Land Park',
  'Midtown',
  'East Sacramento',
  'South Sacramento',
  'Greenhaven',
  'Laguna',
  'Mather',
  'McClellan',
  'Del Paso Heights',
  'Oak Park',
  'Meadowview',
  'Florin',
  'Sloughhouse',
  'Isleton',
  'Walnut Grove',
  'Courtland',
  'Grass Valley',
  'Nevada City',
  'Colfax',
  'Pollock Pines',
  'Diamond Springs',
  'Modesto',
  'Manteca',
  'Vallejo',
  'Napa',
  'Sonoma',
  'Santa Rosa',
  'Berkeley',
  'Oakland',
  'San Francisco',
  'San Jose',
  'Fresno',
  'Bakersfield',
  'Los Angeles',
  'San Diego',
  'Reno',
  'South Lake Tahoe',
  'Lake Tahoe',
  'Tahoe',
  'Truckee',
  'Chico',
  'Redding',
  'Sutter',
  'Plumas Lake',
  'Olivehurst',
  'Knights Landing',
  'Esparto',
].sort((a, b) => b.length - a.length)
