import { buildEnv } from './build-env'
import { site } from './site'

/** ASSISTANT_NAME is a build-time setting, like those in site.ts, so server and browser agree. */

const assistantName = buildEnv.ASSISTANT_NAME?.trim() || 'Breezy'

export const assistant = {
  name: assistantName,
  /** Shown under the name so nobody mistakes the bot for a person. */
  role: `${site.shortName}'s virtual assistant`,
  greeting: `Hi, I'm ${assistantName}! Ask me about our services, the areas we serve, our hours or getting a free quote.`,
  placeholder: 'Ask about our services...',
  /** docs/product.md#errors-and-messages, word for word: the bot's reply when anything goes wrong. */
  fallback: `I'm sorry, I'm having trouble responding right now. Please call us directly at ${site.phone} for immediate assistance with your pressure washing needs!`,
  /** Longest message a visitor can send (the server answers 400 above it). */
  maxMessageLength: 500,
} as const
