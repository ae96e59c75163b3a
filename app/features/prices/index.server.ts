export {
  priceList,
  quoteTerms,
  savePriceSettings,
  shownPrice,
  shownPriceOf,
  typicalPrice,
  typicalPrices,
} from './price-list.server'
