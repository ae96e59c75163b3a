// A service's typical prices for visitors (docs/decisions/057-price-ranges.md): the service tab's loader and the
// lead form once a service is chosen, so no page's first load carries the price list.
import { createServerFn } from '@tanstack/react-start'
import * as v from 'valibot'
import { serviceIds } from '~/content/types'
import { runtimeConfig } from '~/platform/config.server'
import { db } from '~/platform/db/db.server'
import { parse } from '~/platform/http/function-input.server'
import { log } from '~/platform/log/logger.server'
import { typicalPrice } from '~/features/prices/price-list.server'
import { cacheableByBrowsers } from '~/platform/http/function-cache.server'
import type { TypicalPrice } from './typical-price'

/** Null: no range, or the database did not answer (then the page shows no price, as without one). */
export const fetchTypicalPrice = createServerFn({ method: 'GET' })
  .validator(parse(v.picklist(serviceIds, 'unknown service')))
  .handler(async ({ data: serviceId }): Promise<TypicalPrice | null> => {
    try {
      const price = await typicalPrice(db, serviceId)
      // As long as a stored page: the owner's change reaches the form no later than the service tab.
      cacheableByBrowsers(runtimeConfig().htmlCacheSeconds)
      return price
    } catch (error) {
      log('typical-price').error({ err: error, serviceId }, 'reading the typical price failed')
      return null
    }
  })
