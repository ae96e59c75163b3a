// A price line's rules and the price list's words, which quotes and the owner page build on. Apart from index.ts:
// the lead form's chunks load that one, and a module a barrel re-exports is loaded with it.
export { lineDescription, PRICE_LINE_TEXTS } from './price-list-schema'
export { OWNER_PRICE_TEXTS, PRICE_LINE_FIELD_TEXTS } from './price-texts'
