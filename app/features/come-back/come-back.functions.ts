// The owner's calls for coming back (decision 064): the "Due again" view, its buttons, the months per service,
// and the lead card's part. Every one is an ownerFn: 401 without a session.
import * as v from 'valibot'
import { serviceIds, type ServiceId } from '~/content/types'
import { runtimeConfig } from '~/platform/config.server'
import { db } from '~/platform/db/db.server'
import { parse } from '~/platform/http/function-input.server'
import { deliverSoon } from '~/platform/outbox/worker.server'
import { ownerFn, refuse } from '~/platform/http/owner-access.functions'
import { log } from '~/platform/log/logger.server'
import { comeBackCard, sendSameAsLastTime } from './come-back-card.server'
import { sendReminderNow } from './come-back.outbox.server'
import { deleteCustomer } from './customer-deletion.server'
import { findCustomers } from './customer-find.server'
import { dueAgainView, dueIntervals, saveDueIntervals, snoozeCustomer } from './due-again.server'
import { customerSearchOf, DUE_MONTHS_MAX } from './due-again'
import { holdReviewRequest } from './review-requests.server'

const uuid = v.pipe(v.string(), v.uuid('not an id'))

export const fetchDueAgain = ownerFn().handler(() => dueAgainView(db, new Date()))

/** The Due again page's `?find=`, for its loader: searched once it is long enough, refused in words otherwise. */
export const searchOwnerCustomers = ownerFn()
  .validator(parse(v.object({ find: v.optional(v.union([v.string(), v.number()])) })))
  .handler(async ({ data }) => {
    const asked = customerSearchOf(data)
    return asked && { ...asked, found: asked.refusal ? null : await findCustomers(db, asked.find) }
  })
export type CustomerSearch = NonNullable<Awaited<ReturnType<typeof searchOwnerCustomers>>>

export const fetchDueIntervals = ownerFn().handler(() => dueIntervals(db))

const monthsSchema = v.nullable(
  v.pipe(
    v.number('months must be a number'),
    v.integer('months must be whole'),
    v.minValue(1, 'at least 1 month, or empty for never'),
    v.maxValue(DUE_MONTHS_MAX, `at most ${DUE_MONTHS_MAX} months`),
  ),
)

export const saveOwnerDueIntervals = ownerFn({ method: 'POST' })
  .validator(
    parse(
      v.object(
        Object.fromEntries(serviceIds.map((id) => [id, monthsSchema])) as Record<ServiceId, typeof monthsSchema>,
      ),
    ),
  )
  .handler(({ data }) => saveDueIntervals(db, data))

export const sendOwnerReminderNow = ownerFn({ method: 'POST' })
  .validator(parse(v.object({ job: uuid })))
  .handler(async ({ data }) => {
    if ((await sendReminderNow(db, data.job, new Date())) !== 'queued') refuse(409, 'This customer is not due now')
    deliverSoon()
  })

export const snoozeOwnerCustomer = ownerFn({ method: 'POST' })
  .validator(parse(v.object({ customer: uuid })))
  .handler(({ data }) => snoozeCustomer(db, data.customer, new Date()))

export const deleteOwnerCustomer = ownerFn({ method: 'POST' })
  .validator(parse(v.object({ customer: uuid })))
  .handler(async ({ data }) => {
    if (!(await deleteCustomer(db, data.customer))) refuse(404, 'No such customer')
    log('owner').info({ deleted: 1 }, 'the owner deleted a past customer')
  })

export const fetchComeBackCard = ownerFn()
  .validator(parse(v.object({ id: uuid })))
  // Whether the review request can go: it waits for GOOGLE_REVIEW_URL, which the card says.
  .handler(async ({ data }) => ({
    ...(await comeBackCard(db, data.id)),
    reviewLinkSet: Boolean(runtimeConfig().owner.googleReviewUrl),
  }))

export const sendOwnerSameAsLastTime = ownerFn({ method: 'POST' })
  .validator(parse(v.object({ id: uuid })))
  .handler(async ({ data }): Promise<{ link: string }> => {
    const sent = await sendSameAsLastTime(db, data.id, new Date())
    if ('message' in sent) return refuse(sent.status, sent.message)
    deliverSoon()
    return { link: sent.link }
  })

export const holdOwnerReviewRequest = ownerFn({ method: 'POST' })
  .validator(parse(v.object({ id: uuid, held: v.boolean() })))
  .handler(async ({ data }) => {
    if (!(await holdReviewRequest(db, data.id, data.held, new Date()))) refuse(404, 'No review request for this lead')
    deliverSoon()
  })
