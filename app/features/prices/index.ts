export {
  hasSizes,
  PRICE_LIMITS,
  rangeFor,
  SHOW_PRICE_INTENT,
  type ShownPrice,
  TYPICAL_PRICE_TEXTS,
  type TypicalPrice,
} from './typical-price'
export { TypicalPriceFacts } from './typical-price-facts'
export { fetchTypicalPrice } from './typical-price.functions'
export { lineDescription, PRICE_LINE_TEXTS } from './price-list-schema'
export { OWNER_PRICE_TEXTS, PRICE_LINE_FIELD_TEXTS } from './price-texts'
