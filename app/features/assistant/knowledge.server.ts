/** The LLM gets the same facts, so the two assistants never disagree. */
import { assistant } from '../../content/assistant'
import { cities } from '../../content/cities'
import { epoxy, services } from '../../content/services'
import { serviceAreas } from '../../content/service-areas'
import { claims, fullAddress, site } from '../../content/site'
import { areaNames, facts, listSentence } from '../../content/assistant-answers'
import type { Service, ServiceId } from '../../content/types'

export type ServiceKnowledge = Pick<Service, 'title' | 'description' | 'features' | 'process' | 'benefits'> & {
  id: ServiceId | 'epoxy'
}

export const serviceKnowledge: ServiceKnowledge[] = [
  ...services,
  {
    id: 'epoxy',
    title: epoxy.title,
    description: epoxy.description,
    features: epoxy.cards.map((card) => `${card.title}: ${card.features.join('; ')}`),
    process: epoxy.process,
    benefits: epoxy.benefits.map((benefit) => `${benefit.title}: ${benefit.description}`),
  },
]

const matchName = (name: string) => name.toLowerCase().replace(/[-\u2013]/g, ' ')

/** "Washington" is left out: visitors mean the state. */
function neighborhoodNames(names: string[]): string[] {
  return names
    .map((name) => name.replace(/^The /, ''))
    .filter(
      (name) =>
        name.split(' ').length <= 3 &&
        name.split(' ').every((word) => /^[A-Z]/.test(word) || word === 'of' || word === 'de') &&
        !/\b(Road|Street|Avenue|Boulevard|Lane|Corridor)\b/.test(name) &&
        name !== 'Washington',
    )
}

/** Longest first: "Lincoln Village" wins over shorter names. */
export const servedPlaces = [
  ...serviceAreas.map((area) => ({ match: matchName(area.name), name: area.name, city: area.name })),
  ...cities.flatMap((city) =>
    neighborhoodNames(city.neighborhoods).map((name) => ({ match: matchName(name), name, city: city.name })),
  ),
].sort((a, b) => b.match.length - a.match.length)

export function knowledgeAsText(): string {
  const lines: string[] = [
    `Business: ${site.name}, an exterior cleaning company based at ${fullAddress}, serving Greater Sacramento.`,
    `Phone: ${site.phone}. Email: ${site.email}.`,
    `Hours: ${facts.hours}.`,
    `Response: ${claims.sameDayResponse.toLowerCase()}; quote requests get a reply within ${claims.replyWithin}.`,
    `${claims.licensed}. ${claims.freeEstimates}. ${claims.guarantee}. Rated ${claims.rating} stars. ${claims.yearsInBusiness} years in business (${claims.since}).`,
    `Sealing and cleaning can extend concrete life by ${claims.concreteLife}; a clean exterior can raise property value by ${claims.propertyValue}. Epoxy installs take ${claims.epoxyInstall}.`,
    `Service areas (exactly these ${areaNames.length}): ${listSentence(areaNames)}. Anywhere else: not a listed service area; the visitor should call ${site.phone} to ask.`,
    `How to get a quote: the free quote form (first name, email, phone) on the home, services and contact pages, or call ${site.phone}.`,
    'Prices: never given online; every job is quoted free after the company sees the property.',
    '',
    'Services:',
  ]
  for (const service of serviceKnowledge) {
    lines.push(
      `## ${service.title}`,
      service.description,
      `Included: ${service.features.join('; ')}.`,
      `Process: ${service.process.map((step) => `${step.title}: ${step.description}`).join(' ')}`,
      `Benefits: ${service.benefits.join('; ')}.`,
      '',
    )
  }
  return lines.join('\n')
}

export function llmSystemPrompt(): string {
  return [
    `You are ${assistant.name}, ${assistant.role} on the ${site.name} website.`,
    'Answer visitor questions using ONLY the facts below. Do not invent prices, discounts, durations, services, places or any other fact.',
    `If the facts do not answer the question, say you don't know and suggest calling ${site.phone}.`,
    `For price questions: explain that estimates are free and given after seeing the property; offer the quote form and ${site.phone}.`,
    'Answer in at most 3 short sentences of plain text (no markdown), friendly and direct.',
    '',
    knowledgeAsText(),
  ].join('\n')
}
