// The owner's Prices view calls (docs/decisions/053-quotes-and-jobs.md, 057-price-ranges.md), each made by ownerFn:
// 401 and nothing written without a session.
import { db } from '~/platform/db/db.server'
import { parse } from '~/platform/http/function-input.server'
import { ownerFn } from '~/platform/http/owner-access.functions'
import { priceSettings, savePriceSettings } from './price-list.server'
import { priceListSchema } from './price-list-schema'

export type PriceSettings = Awaited<ReturnType<typeof priceSettings>>

export const fetchPriceSettings = ownerFn().handler(async () => priceSettings(db))

export const saveOwnerPrices = ownerFn({ method: 'POST' })
  .validator(parse(priceListSchema))
  .handler(async ({ data }) => {
    await savePriceSettings(db, data)
    return priceSettings(db)
  })
