// The lead's own outbox templates (decision 061): the customer's acknowledgement, whose limits are decided as it
// is sent (decision 048), the lead webhook, whose signed body was built as the lead was stored, and the owner's
// follow-up pushes about a lead (its name stays owner_follow_up: the status trigger of the baseline inserts it).
import { messages } from '../../content/messages'
import { outboxTemplate } from '../../platform/outbox/outbox.server'
import { sanitizeText } from '../../platform/transport/mail.server'
import { acknowledgementAllowed } from './acknowledgement.server'
import { acknowledgementMail } from './lead-email.server'
import { toInbox, townOf } from './lead-customer.server'

/** The webhook-id header (the lead's id) and the JSON body. */
export const leadWebhook = outboxTemplate('lead_webhook', {
  channel: 'webhook',
  build: (lead: { id: string; body: string }) => lead,
})

/** To the address the lead holds when sent; the payload is where its decision is kept once made. */
export const customerAcknowledgement = outboxTemplate('customer_acknowledgement', {
  channel: 'customer_mail',
  build: async (_decided: { allowed?: boolean } | null, row, { db }) => {
    if (!row.leadId || !(await acknowledgementAllowed(db, row.id))) return 'over its limits'
    const lead = await db.selectFrom('leads').select('email').where('id', '=', row.leadId).executeTakeFirst()
    return (lead && acknowledgementMail(lead.email)) ?? 'the address is not usable'
  },
})

/**
 * Sent only while the lead's status is still `while`: the escalation of a lead still new after `minutes` of
 * opening hours (store-lead queues it, key 'escalation'), and the reminders of a lead still quoted `days` later
 * (the status trigger queues them, keys 'quoted-2d' and 'quoted-7d', and deletes those a change made moot).
 */
export type FollowUp = { while: 'new'; minutes: number } | { while: 'quoted'; days: number }

export const ownerFollowUp = outboxTemplate('owner_follow_up', {
  channel: 'owner_push',
  build: async (followUp: FollowUp, row, { db, config }) => {
    const lead =
      row.leadId &&
      (await db
        .selectFrom('leads')
        .select(['status', 'first_name as firstName', 'service_zip as zip', 'source_page as sourcePage'])
        .where('id', '=', row.leadId)
        .executeTakeFirst())
    // A change claimed in the same moment as the row is dropped here, never sent later (decision 048).
    if (!lead || lead.status !== followUp.while) return `the lead is no longer ${followUp.while}`
    if (!config.owner.vapid) return 'alerts are off'
    if (followUp.while === 'new') {
      const city = townOf(lead)
      return toInbox(messages.push.escalation(city ? ` in ${city}` : '', followUp.minutes))
    }
    // To the owner about their own lead, so the first name may be in it.
    return toInbox(messages.push.quoteReminder(sanitizeText(lead.firstName, 60) || 'the customer', followUp.days))
  },
})
