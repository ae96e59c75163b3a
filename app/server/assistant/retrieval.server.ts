import { serviceKnowledge } from './knowledge.server'

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

export function normalizeQuestion(message: string): string {
  let text = ` ${message.toLowerCase()} `
  for (const [pattern, replacement] of SYNONYMS) text = text.replace(pattern, replacement)
  return text.trim()
}

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

export function stem(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`
  if (word.length > 5 && word.endsWith('ing')) return word.slice(0, -3)
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1)
  return word
}

export function tokenize(text: string): string[] {
  return normalizeQuestion(text)
    .split(' ')
    .filter((word) => word && !STOPWORDS.has(word))
    .map(stem)
}

export function sentences(text: string): string[] {
  return text.split(/(?<=[.!?])\s+(?=[A-Z])/).filter(Boolean)
}

export const passages = serviceKnowledge.flatMap((service) =>
  [
    ...sentences(service.description),
    ...service.features,
    ...service.process.map((step) => `${step.title}: ${step.description}`),
    ...service.benefits,
  ].map((text) => ({ service, text, tokens: tokenize(text) })),
)

const documentFrequency = new Map<string, number>()
for (const passage of passages) {
  for (const token of new Set(passage.tokens)) documentFrequency.set(token, (documentFrequency.get(token) ?? 0) + 1)
}
const averageLength = passages.reduce((sum, p) => sum + p.tokens.length, 0) / passages.length

function idf(token: string): number {
  const df = documentFrequency.get(token) ?? 0
  return Math.log(1 + (passages.length - df + 0.5) / (df + 0.5))
}

/** So "the meaning of life" does not match "life". */
const MIN_COVERAGE = 0.6

export function retrieve(message: string, limit = 1) {
  const query = [...new Set(tokenize(message))]
  if (query.length === 0) return []
  const k1 = 1.2
  const b = 0.75
  const totalWeight = query.reduce((sum, token) => sum + idf(token), 0)
  return passages
    .map((passage) => {
      let score = 0
      let covered = 0
      for (const token of query) {
        const tf = passage.tokens.filter((t) => t === token).length
        if (tf === 0) continue
        covered += idf(token)
        score += (idf(token) * tf * (k1 + 1)) / (tf + k1 * (1 - b + (b * passage.tokens.length) / averageLength))
      }
      return { passage, score, coverage: covered / totalWeight }
    })
    .filter((hit) => hit.score > 0 && hit.coverage >= MIN_COVERAGE)
    .sort((x, y) => y.score - x.score)
    .slice(0, limit)
}
