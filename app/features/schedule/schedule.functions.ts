// The owner's day calls (docs/decisions/063-owner-day.md), each made by ownerFn: 401 and nothing written without a
// session. The customer's side is the quote page's plain post (routes/quote_.$token.day.ts).
import * as v from 'valibot'
import { db } from '~/platform/db/db.server'
import { parse } from '~/platform/http/function-input.server'
import { pacificDate } from '~/platform/time/business-hours.server'
import { ownerFn, refuse } from '~/platform/http/owner-access.functions'
import { confirmDay, offerOtherDays, openDayRequest } from './day-requests.server'
import { OWNER_DAY_TEXTS as T } from './schedule'
import { blockDaysSchema, dayOfSchema, truckDaysSchema } from './schedule-schema'
import { stopsOf } from './today.server'
import { blockDays, saveTruckDays, truckDaySettings, unblockDay } from './truck-days.server'

const lead = v.object({ lead: v.pipe(v.string(), v.uuid('not a lead id')) })

export const fetchTruckDays = ownerFn().handler(() => truckDaySettings(db, new Date()))

export const saveOwnerTruckDays = ownerFn({ method: 'POST' })
  .validator(parse(truckDaysSchema))
  .handler(({ data }) => saveTruckDays(db, data))

/** From today on: a past date is refused. */
export const blockOwnerDays = ownerFn({ method: 'POST' })
  .validator(parse(blockDaysSchema))
  .handler(async ({ data }) => {
    if (data.from < pacificDate(new Date())) refuse(400, 'That date has passed.')
    await blockDays(db, data.from, data.to)
  })

export const unblockOwnerDay = ownerFn({ method: 'POST' })
  .validator(parse(dayOfSchema))
  .handler(({ data }) => unblockDay(db, data.day))

export const fetchDayRequest = ownerFn()
  .validator(parse(lead))
  .handler(({ data }) => openDayRequest(db, data.lead))

const CONFIRM_REFUSALS = { full: T.full, blocked: T.blocked, past: T.past, 'no-request': T.noRequest }

export const confirmOwnerDay = ownerFn({ method: 'POST' })
  .validator(parse(lead))
  .handler(async ({ data }) => {
    const result = await confirmDay(db, data.lead, new Date())
    if (result !== 'confirmed') refuse(409, CONFIRM_REFUSALS[result])
  })

export const offerOwnerOtherDays = ownerFn({ method: 'POST' })
  .validator(parse(lead))
  .handler(async ({ data }) => {
    if (!(await offerOtherDays(db, data.lead, new Date()))) refuse(409, T.noRequest)
  })

export const fetchToday = ownerFn().handler(() => stopsOf(db, pacificDate(new Date())))
