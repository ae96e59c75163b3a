export { priceList, quoteTerms, shownPrice, shownPriceOf, typicalPrice, typicalPrices } from './price-list.server'
