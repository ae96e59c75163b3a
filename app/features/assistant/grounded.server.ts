// The site's own answers from app/content/: patterns for topics, services and places, then a search (MiniSearch) of
// the services' texts. It never states a place the content does not, nor a price the owner's list does not.
import MiniSearch from 'minisearch'
import {
  answers,
  areaList,
  areaNames,
  callUs,
  facts,
  listSentence,
  notOffered,
  otherPlaces,
  quoteCta,
  servicesSentence,
} from '../../content/assistant-answers'
import { TYPICAL_PRICE_TEXTS, type TypicalPrice } from '../prices'
import { cityOfZip } from '../leads/index.server'
import { serviceKnowledge, servedPlaces, type ServiceKnowledge } from './knowledge.server'

const SYNONYMS: [RegExp, string][] = [
  [/[\u2018\u2019`´]/g, "'"],
  [/&/g, ' and '],
  [/\$/g, ' price '],
  [/\bwhat's\b/g, 'what is'],
  [/\bwho's\b/g, 'who is'],
  [/\bwhere's\b/g, 'where is'],
  [/\bhow's\b/g, 'how is'],
  [/\b(\w+)n't\b/g, '$1 not'],
  [/\b(\w+)'re\b/g, '$1 are'],
  [/\b(\w+)'s\b/g, '$1'],
  [/[^a-z0-9'\s]/g, ' '],
  [/'/g, ''],
  [/\b(power|pressure) ?wash(ing|ed|er|es)?\b/g, 'pressure wash'],
  [/\bpowerwash\w*\b/g, 'pressure wash'],
  [/\bsoft ?wash(ing|ed|es)?\b/g, 'soft wash'],
  [/\be ?mail\b/g, 'email'],
  [/\bhow much\b(?! (time|longer|notice|area))/g, ' price '],
  [
    /\b(cost|costs|costing|pricing|prices|priced|rate|rates|charge|charges|fee|fees|expensive|cheap|cheaper|afford|affordable|ballpark|budget|dollars?|discounts?|coupons?|promos?|deals?|payment|pay)\b/g,
    'price',
  ],
  [/\b(garage floors?|floor coatings?|garage coatings?)\b/g, 'epoxy'],
  [/\bbleach\b/g, 'hypochlorite'],
  [/\bmould\b/g, 'mold'],
  [/\bzip ?codes?\b/g, 'zip'],
  [/\s+/g, ' '],
]

function normalizeQuestion(message: string): string {
  let text = ` ${message.toLowerCase()} `
  for (const [pattern, replacement] of SYNONYMS) text = text.replace(pattern, replacement)
  return text.trim()
}

// Words in nearly every question or text, which say nothing about what is asked.
const STOPWORDS = new Set(
  (
    'a an the and or but if of for to in on at by from with about as into onto is are was were be been being am ' +
    'do does did doing done can could will would should shall may might must have has had having get gets got ' +
    'i me my mine we us our ours you your yours it its they them their this that these those there here what which who whom ' +
    'how when where why not no yes please tell know want need like just also any some all more most very really ' +
    'so too then than clean cleaning cleaned cleaner wash washing washed pressure power service services offer offers provide ' +
    'use uses using used job work company guys hi hello hey thanks thank ok okay'
  ).split(' '),
)

const sentences = (text: string) => text.split(/(?<=[.!?])\s+(?=[A-Z])/).filter(Boolean)

/** What the services' pages say, a sentence, feature, step or benefit at a time. */
const passages = serviceKnowledge.flatMap((service) =>
  [
    ...sentences(service.description),
    ...service.features,
    ...service.process.map((step) => `${step.title}: ${step.description}`),
    ...service.benefits,
  ].map((text) => ({ service, text })),
)

// Every word of the question must be found (so "the meaning of life" finds no "life"): as written, as the start of
// a longer word, or a letter off in a long one ("plannts"; "rust" is not "dust").
const passageIndex = new MiniSearch({
  fields: ['text'],
  processTerm: (term) => (STOPWORDS.has(term.toLowerCase()) ? null : term.toLowerCase()),
  searchOptions: { combineWith: 'AND', prefix: true, fuzzy: (term) => term.length >= 6 && 0.2 },
})
passageIndex.addAll(passages.map((passage, id) => ({ id, text: passage.text })))

const retrieve = (question: string) => passages[passageIndex.search(question)[0]?.id ?? -1]

const wordPattern = (phrase: string) => new RegExp(`\\b${phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`)

const placePatterns = [
  ...servedPlaces.map((place) => ({ ...place, pattern: wordPattern(place.match) })),
  ...otherPlaces.map((name) => ({ name, city: null, pattern: wordPattern(name.toLowerCase()) })),
]

/** After "in" or "near" a name is capitalised: "work in the rain" is no place. */
function unknownPlaceCandidate(text: string, original: string): string | null {
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

// In the order answers name them.
const SERVICE_PATTERNS: Record<ServiceKnowledge['id'], RegExp> = {
  epoxy: /\b(epoxy|flake|flakes)\b/,
  'concrete-sealing': /\b(seal|seals|sealing|sealer|sealers|sealant|sealed|polymeric|efflorescence|re ?sand\w*)\b/,
  roof: /\b(roofs?|roofing|shingles?|moss|lichen|black streaks?)\b/,
  gutter: /\b(gutters?|downspouts?|rain gutters?)\b/,
  'deck-fence': /\b(decks?|decking|fences?|fencing|pergolas?|redwood|cedar|composite)\b/,
  driveway: /\b(driveways?|drive way|oil stains?|oil spots?|tire marks?|rust stains?)\b/,
  patio: /\b(patios?|pavers?|flagstone|travertine|backyard|walkways?)\b/,
  commercial:
    /\b(commercial|(?<!in )business(es)?|storefronts?|stores?|shops?|sidewalks?|parking (lots?|garages?|structures?)|hoas?|dumpsters?|restaurants?|drive thrus?|gum|office buildings?|property managers?|retail|apartment complex(es)?)\b/,
  'full-house':
    /\b(house|houses|siding|stucco|soft wash|eaves|soffits?|exterior walls?|home exterior|(wash|clean) my home)\b/,
}

const TOPIC_PATTERNS = {
  greeting: /^(hi|hello|hey|hiya|howdy|good (morning|afternoon|evening)|yo)\b/,
  thanks: /\b(thanks|thank you|thx|appreciate it)\b/,
  identity: /\b(who are you|are you (a |an )?(bot|robot|human|real|person|ai)|your name|what are you)\b/,
  human: /\b(human|real person|representative|someone real|speak to (a|someone)|talk to (a|someone))\b/,
  price: /\bprice\b/,
  quote: /\b(quotes?|estimates?|book|booking|schedule|appointment|hire|sign up)\b/,
  hours: /\b(hours|open|opening|close|closing|closed|weekends?|saturdays?|sundays?|holidays?|what time)\b/,
  phone: /\b(phone|call|calls|calling|number|contact|reach (you|someone)|text you)\b/,
  email: /\bemail\b/,
  address: /\b(address|where are you (located|based)|where is your (office|shop|business)|located|headquarters)\b/,
  response:
    /\b(how (fast|soon|quickly)|when can you|respond|response|reply|get back|same day|turnaround|asap|urgent|right away|emergency)\b/,
  licensed: /\b(licen[cs]ed?|insured|insurance|bonded|bond|certified|liability)\b/,
  guarantee: /\b(guarantee\w*|warrant(y|ies)|satisf\w*|not happy|unhappy|refund|redo)\b/,
  experience: /\b(how long have you|how many years|years|experience\w*|since when|established|in business|founded)\b/,
  rating: /\b(ratings?|reviews?|stars?|rated|testimonials?|reputation)\b/,
  areas:
    /\b(areas?|cities|city|towns?|serve|serving|service area|do you service|cover|travel|come to|come out to|go to|work in|near me|where do you (work|go)|zip|locations?)\b/,
  servicesList:
    /\b(what (services|do you do|do you offer|can you (do|clean))|services do you|list of services|what else|other services|pressure wash)\b/,
  benefits: /\b(property value|concrete life|last longer|worth it|why seal)\b/,
  serviceTime: /\b(how long|how many (days|hours)|take|takes|duration|timeline|dry|drying|cure|curing)\b/,
  included:
    /\b(include|includes|included|including|involve|involves|consist|covered|come with|part of|what do you do)\b/,
  process:
    /\b(how do you|how is|how are|process|steps?|method|technique|safe|damage|harm|psi|chemicals?|hypochlorite|soap|solution)\b/,
  why: /\b(why|benefits?|advantages?|worth)\b/,
}

type Topic = keyof typeof TOPIC_PATTERNS

const has = (text: string, topic: Topic) => TOPIC_PATTERNS[topic].test(text)

const notListed = (places: string, many = false) =>
  `${places} ${many ? "aren't" : "isn't"} one of our ${areaNames.length} listed service areas, but please ${callUs} and we'll let you know if we can help. We serve ${areaList}.`

/** What the question's places get: a served one is named by its city (a neighbourhood or zip says which). */
function placeAnswer(text: string, original: string): string[] {
  let rest = text
  const servedCities = new Set<string>()
  const via: string[] = []
  const outside: string[] = []
  for (const place of placePatterns) {
    if (!place.pattern.test(rest)) continue
    if (!place.city) outside.push(place.name)
    else {
      servedCities.add(place.city)
      if (place.name !== place.city) via.push(`${place.name} is in ${place.city}`)
    }
    rest = rest.replace(place.pattern, ' ')
  }
  for (const zip of rest.match(/\b9\d{4}\b/g) ?? []) {
    const city = cityOfZip(zip)?.name
    if (!city) outside.push(zip)
    else {
      servedCities.add(city)
      via.push(`${zip} is ${city}`)
    }
  }
  const parts: string[] = []
  if (servedCities.size > 0) {
    const cities = [...servedCities]
    parts.push(
      `Yes, we serve ${listSentence(cities)}${cities.length > 1 ? ': all are' : ', one'} of our ${areaNames.length} service areas${
        via.length ? ` (${via.join('; ')})` : ''
      }.`,
    )
  }
  if (outside.length > 0) parts.push(notListed(listSentence(outside), outside.length > 1))
  const sacramento = /\bsacramento\b/.test(rest) && !/\bsacramento (county|area|region|valley)\b/.test(rest)
  if (sacramento && parts.length === 0) {
    parts.push(
      `We're based in Sacramento and serve the Greater Sacramento area, including these ${areaNames.length} communities: ${areaList}. For an address elsewhere in Sacramento, ${callUs} and we'll confirm.`,
    )
  }
  if (parts.length === 0 && has(text, 'areas')) {
    const candidate = unknownPlaceCandidate(text, original)
    parts.push(candidate ? notListed(candidate) : answers.areas)
  }
  return parts
}

function detectServices(text: string): ServiceKnowledge[] {
  const ids = Object.entries(SERVICE_PATTERNS)
    .filter(([, pattern]) => pattern.test(text))
    .map(([id]) => id)
  // "Epoxy patio" is the epoxy service, not patio cleaning; "seal my pavers" is sealing.
  let chosen = ids.includes('epoxy') ? ids.filter((id) => id !== 'patio' && id !== 'full-house') : ids
  if (chosen.includes('concrete-sealing')) chosen = chosen.filter((id) => id !== 'patio' || /\bpatios?\b/.test(text))
  if (chosen.includes('roof')) chosen = chosen.filter((id) => id !== 'full-house' || /\bhouse\b/.test(text))
  return chosen.slice(0, 2).map((id) => serviceKnowledge.find((service) => service.id === id)!)
}

const firstSentence = (text: string) => sentences(text)[0] ?? text
const joinItems = (items: string[]) => items.map((item) => item.replace(/\.$/, '')).join('; ')

function serviceAnswer(service: ServiceKnowledge, text: string): string {
  // A price question gets the price answer; the service part only confirms we offer it.
  if (has(text, 'price')) return `Yes, we offer ${service.title}.`
  if (has(text, 'serviceTime')) {
    if (service.id === 'epoxy') {
      const lastStep = service.process.at(-1)
      return `Most epoxy installs are finished in ${facts.epoxyInstall}.${lastStep ? ` ${lastStep.title}: ${lastStep.description}` : ''}`
    }
    const notes = service.process
      .flatMap((step) => sentences(step.description))
      .filter((sentence) => /\b(\d+ hours|day|days|cure|curing|drying)\b/i.test(sentence))
    return `I don't have a set time for ${service.title.toLowerCase()}: it depends on the size and condition of the job, so ${callUs} and we'll tell you for your property.${
      notes.length ? ` What our ${service.title} page says about timing: ${notes.join(' ')}` : ''
    }`
  }
  if (has(text, 'included')) return `${service.title} includes: ${joinItems(service.features)}.`
  if (has(text, 'why')) return `Benefits of our ${service.title}: ${joinItems(service.benefits)}.`
  if (has(text, 'process')) return `${service.title}: ${service.description}`
  return `Yes, we offer ${service.title}. ${firstSentence(service.description)} It includes: ${joinItems(service.features)}.`
}

function notOfferedAnswer(text: string): string | null {
  const entry = notOffered.find(({ pattern }) => pattern.test(text))
  if (!entry) return null
  const related = entry.related
    ? passages.find((p) => new RegExp(`\\b${entry.related}`, 'i').test(p.text) && p.service.features.includes(p.text))
    : undefined
  return `${entry.label} isn't one of the services we list, so I can't promise it.${
    related ? ` (Related: our ${related.service.title} includes "${related.text}".)` : ''
  } We offer ${servicesSentence}. For anything else, ${callUs}.`
}

const MAX_PARTS = 3
// The owner's typical prices by service id (decision 057); a service without one gets none.
type Prices = Partial<Record<string, TypicalPrice>>
export function groundedAnswer(message: string, prices: Prices = {}): { text: string; topics: string[] } {
  const text = normalizeQuestion(message)
  const parts: string[] = []
  const topics: string[] = []
  const add = (topic: string, answer: string | null | undefined) => {
    if (!answer || parts.includes(answer)) return
    parts.push(answer)
    topics.push(topic)
  }

  if (!text) return { text: answers.greeting, topics: ['greeting'] }

  if (has(text, 'identity')) add('identity', answers.identity)

  for (const answer of placeAnswer(text, message)) add('place', answer)

  const detected = detectServices(text)
  const asksServiceTime = detected.length > 0 && has(text, 'serviceTime')
  for (const service of detected) add(`service:${service.id}`, serviceAnswer(service, text))
  if (detected.length === 0) add('not-offered', notOfferedAnswer(text))

  const priced = has(text, 'price') ? detected.filter((service) => prices[service.id]) : []
  for (const { id, title } of priced) add(`price:${id}`, TYPICAL_PRICE_TEXTS.answer(title, prices[id]!))
  if (has(text, 'price') && priced.length === 0) add('price', answers.price)
  else if (has(text, 'price') || has(text, 'quote')) add('quote', answers.quote)
  if (has(text, 'hours') && !asksServiceTime) add('hours', answers.hours)
  if (has(text, 'human')) add('human', answers.human)
  else if (has(text, 'phone') && !has(text, 'price')) add('phone', answers.phone)
  if (has(text, 'email') && !topics.includes('human') && !topics.includes('phone')) add('email', answers.email)
  for (const topic of ['address', 'response', 'licensed', 'guarantee'] as const)
    if (has(text, topic)) add(topic, answers[topic])
  if (has(text, 'experience') && !asksServiceTime) add('experience', answers.experience)
  if (has(text, 'rating')) add('rating', answers.rating)
  if (has(text, 'benefits') && detected.length === 0) add('benefits', answers.benefits)
  if (has(text, 'servicesList') && detected.length === 0 && !topics.includes('not-offered')) {
    add('services', answers.servicesList)
  }

  const passage = parts.length === 0 && retrieve(text)
  if (passage) {
    add(
      `retrieved:${passage.service.id}`,
      `From our ${passage.service.title} service: ${passage.text.replace(/\.?$/, '.')} For anything more specific, ${callUs}.`,
    )
  }

  if (parts.length === 0) {
    if (has(text, 'greeting') && text.split(' ').length <= 4) return { text: answers.greeting, topics: ['greeting'] }
    if (has(text, 'thanks')) return { text: answers.thanks, topics: ['thanks'] }
    return { text: answers.unknown, topics: ['unknown'] }
  }

  const reply = parts.slice(0, MAX_PARTS).join(' ')
  const chosen = topics.slice(0, MAX_PARTS)
  const aboutServiceOrPlace = chosen.some((t) => t.startsWith('service:') || t === 'place')
  return { text: aboutServiceOrPlace && !reply.includes(facts.phone) ? `${reply} ${quoteCta}` : reply, topics: chosen }
}
