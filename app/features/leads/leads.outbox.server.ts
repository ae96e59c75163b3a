// The lead's own outbox templates (decision 061): the customer's acknowledgement, whose limits are decided as it
// is sent (decision 048), and the lead webhook, whose signed body was built as the lead was stored.
import { outboxTemplate } from '../../platform/outbox/outbox.server'
import { acknowledgementAllowed } from './acknowledgement.server'
import { acknowledgementMail } from './lead-email.server'

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
