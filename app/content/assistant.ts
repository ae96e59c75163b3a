import { buildEnv } from './build-env'
import { site } from './site'

const assistantName = buildEnv.ASSISTANT_NAME?.trim() || 'Breezy'

export const assistant = {
  name: assistantName,
  role: `${site.shortName}'s virtual assistant`,
  greeting: `Hi, I'm ${assistantName}! Ask me about our services, the areas we serve, our hours or getting a free quote.`,
  placeholder: 'Ask about our services...',
  /** Word for word from docs/product.md#errors-and-messages. */
  fallback: `I'm sorry, I'm having trouble responding right now. Please call us directly at ${site.phone} for immediate assistance with your pressure washing needs!`,
  /** The server answers 400 above it. */
  maxMessageLength: 500,
} as const
