// What the owner page shows of this feature, each loaded with import() when opened: the inbox's first load
// carries none of it. Other features reach these views only through this file (issue 78).
import { linkOptions } from '@tanstack/react-router'
import { lazy } from 'react'
import { OWNER_PRICE_TEXTS } from './price-texts'

export const OwnerPrices = lazy(() => import('./owner-prices'))

export const PRICES_TAB = {
  label: OWNER_PRICE_TEXTS.pricesTab,
  link: linkOptions({ to: '/owner', search: { view: 'prices' }, activeOptions: { exact: true } }),
}
