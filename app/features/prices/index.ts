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
