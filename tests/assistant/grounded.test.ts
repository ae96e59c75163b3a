import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { claims, site } from '~/content/site'
import { services, epoxy } from '~/content/services'
import { areaNames } from '~/content/assistant-answers'
import { groundedAnswer } from '~/features/assistant/grounded.server'
import { knowledgeAsText } from '~/features/assistant/knowledge.server'

const answerTo = (question: string) => groundedAnswer(question).text
const NOT_SERVED = "isn't one of our 16 listed service areas"
const NO_PRICES = "We don't give prices in chat"

interface Case {
  question: string
  /** Facts the answer must state. */
  says: string[]
  /** Things it must not say. */
  never?: string[]
}

/** Real visitor questions, each with the facts from app/content/ its answer must contain. */
const cases: Case[] = [
  { question: 'Which areas do you serve?', says: areaNames },
  { question: 'What cities do you cover?', says: areaNames },
  { question: 'What are your hours?', says: [site.hours.label, 'every day'] },
  { question: 'Are you open on Sundays?', says: [site.hours.label, 'every day'] },
  { question: 'Is roof cleaning included in your services?', says: ['Roof Cleaning', 'Moss and lichen treatment'] },
  {
    question: "What's included in roof cleaning?",
    says: ['Roof Cleaning includes', 'Black streak (Gloeocapsa magma) algae removal'],
  },
  { question: 'Can you pressure wash my roof?', says: ['Roofs are never pressure washed', 'soft-wash'] },
  { question: 'How long does an epoxy garage floor take?', says: [claims.epoxyInstall] },
  { question: 'how many days to install epoxy on my patio', says: [claims.epoxyInstall, 'epoxy'] },
  { question: 'What is your phone number?', says: [site.phone] },
  { question: 'How can I contact you?', says: [site.phone, site.email] },
  { question: "What's your e-mail?", says: [site.email] },
  // A place outside the 16 areas is never said to be served; each of the 16 is.
  ...[
    ...['Davis', 'Elk Grove', 'Lincoln', 'Auburn', 'Stockton', 'San Francisco', 'Natomas'].map((place) => [place]),
    ['Elk Grove', 'Do you come out to Elk Grove?'],
    ['Brentwood', 'Do you work in Brentwood?'],
    ['94110', 'Do you service 94110?'],
  ].map(([place, question = `Do you serve ${place}?`]) => ({
    question,
    says: [`${place} ${NOT_SERVED}`, site.phone],
    never: ['Yes, we serve'],
  })),
  ...areaNames.map((area) => ({ question: `Do you come to ${area}?`, says: [`Yes, we serve ${area}`] })),
  { question: 'Do you serve Folsom?', says: ['Yes, we serve Folsom'] },
  { question: 'do you guys do driveway cleaning in roseville', says: ['Yes, we serve Roseville', 'Driveway Cleaning'] },
  { question: 'Is 95630 in your service area?', says: ['Yes, we serve Folsom', '95630 is Folsom'] },
  { question: 'Do you serve Sacramento?', says: ['based in Sacramento', site.phone, ...areaNames] },
  { question: 'How much does it cost to power wash a driveway?', says: [NO_PRICES, site.phone, 'free'] },
  { question: 'What do you charge for a house wash?', says: [NO_PRICES, site.phone] },
  { question: 'Do you have any discounts or coupons?', says: [NO_PRICES, site.phone] },
  { question: 'Price per square foot for concrete sealing?', says: [NO_PRICES, 'Concrete & Paver Sealing'] },
  ...[
    'how much for roof cleaning',
    'What are your rates?',
    'ballpark cost for a 2 car driveway?',
    'is it expensive',
    '$$$?',
    // Cost, price and "how much" all reach the no-prices answer.
    'What does it cost?',
    'price?',
    'How much do you charge?',
  ].map((question) => ({ question, says: [NO_PRICES, site.phone] })),
  { question: 'Are you licensed and insured?', says: ['licensed, bonded and insured'] },
  { question: 'Do you offer a satisfaction guarantee?', says: [claims.guarantee.toLowerCase()] },
  { question: 'How quickly do you respond?', says: ['same-day response', claims.replyWithin] },
  { question: 'How do I get a quote?', says: ['quote form', site.phone, 'free', claims.replyWithin] },
  { question: 'Are estimates free?', says: ['Estimates are always free'] },
  { question: 'How long have you been in business?', says: [claims.yearsInBusiness, String(site.foundedYear)] },
  { question: 'What services do you offer?', says: [...services.map((s) => s.title), epoxy.title] },
  { question: 'Do you do power washing?', says: services.map((s) => s.title) },
  { question: 'Do you clean gutters?', says: ['Gutter Cleaning', 'Downspouts flushed and tested for clogs'] },
  { question: 'Do you clean decks and fences?', says: ['Deck & Fence Cleaning'] },
  { question: 'Can you seal my pavers?', says: ['Concrete & Paver Sealing', 'Polymeric sand'] },
  { question: 'Do you clean commercial properties?', says: ['Commercial Cleaning'] },
  { question: 'Do you do window cleaning?', says: ["Window cleaning isn't one of the services we list", site.phone] },
  { question: 'Can you clean my solar panels?', says: ["isn't one of the services we list", site.phone] },
  { question: 'Is your house washing safe for my plants?', says: ['Full House Washing', 'plants'] },
  { question: 'Do you use bleach?', says: ['sodium hypochlorite'] },
  { question: 'Where are you located?', says: [site.address.street, 'Sacramento'] },
  { question: 'What is your rating?', says: [`${claims.rating} stars`] },
  { question: 'Can I talk to a real person?', says: [site.phone] },
  { question: 'What are your hours and your phone number?', says: [site.hours.label, site.phone] },
  { question: 'What is the meaning of life?', says: ["I'm not sure about that", site.phone] },
  { question: 'Do you do interior painting?', says: ["isn't one of the services we list", site.phone] },
  { question: 'hello', says: ['What would you like to know?'] },
]

/** Every number in an answer must come from the site's content or from the question itself. */
function inventedNumbers(answer: string, question: string): string[] {
  const known = `${knowledgeAsText()} ${question}`
  return (answer.match(/\d+/g) ?? []).filter((number) => !new RegExp(`(^|\\D)${number}(\\D|$)`).test(known))
}

describe('the grounded assistant answers real visitor questions from the site content', () => {
  test('the table has at least 30 questions', () => {
    expect(cases.length).toBeGreaterThanOrEqual(30)
  })

  for (const { question, says, never = [] } of cases) {
    test(question, () => {
      const answer = answerTo(question)
      for (const fact of says) expect(answer).toContain(fact)
      for (const wrong of never) expect(answer).not.toContain(wrong)
      expect(answer).not.toContain('$')
      expect(inventedNumbers(answer, question)).toEqual([])
    })
  }
})

describe('the grounded assistant never invents', () => {
  test('any message at all gets an answer with no invented number and no dollar sign', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (message) => {
        const answer = answerTo(message)
        expect(answer.length).toBeGreaterThan(0)
        expect(answer).not.toContain('$')
        expect(inventedNumbers(answer, message)).toEqual([])
      }),
      { numRuns: 300 },
    )
  })

  test('the same question always gets the same answer', () => {
    expect(groundedAnswer('Do you clean gutters in Folsom?')).toEqual(groundedAnswer('Do you clean gutters in Folsom?'))
  })
})

describe('understanding the question', () => {
  test('"power wash" and "pressure wash" get the same answer', () => {
    const answer = answerTo('Can you pressure wash my patio?')
    expect(answer).toContain('Yes, we offer Patio Cleaning')
    for (const question of ['Can you power-wash my patio?', 'Can you powerwash my patio?'])
      expect(answerTo(question)).toBe(answer)
  })

  test('a question no topic covers gets the service text with all its words, in other forms or misspelt', () => {
    const plants = services
      .find((service) => service.id === 'full-house')!
      .features.find((f) => f.startsWith('Plants'))!
    for (const question of ['Do you protect plants?', 'Do you protect the plant?', 'Do you protect my plannts?'])
      expect(answerTo(question)).toContain(`From our Full House Washing service: ${plants}.`)
    expect(answerTo('Can you remove rust?')).toContain('acid-based rust remover')
  })

  test('"how much time" is not a price question', () => {
    expect(groundedAnswer('How much time does epoxy take?').topics).not.toContain('price')
  })
})
