// A lead as the features' messages take it: who and where (CUSTOMER_COLUMNS), its town as the owner's pushes and
// calendar name it (no street, name or contact in it), the owner's word for the customer, and his push's link.
import type { Db } from '../../platform/db/database.server'
import { sanitizeText } from '../../platform/transport/mail.server'
import type { Push } from '../../platform/transport/push.server'
import { leadTopic } from './lead-facts'
import { cityOfZip } from './lead-fields.server'

/** The lead's columns (of `leads as l`) a quote's or an invoice's messages read: who it is and where the job is. */
export const CUSTOMER_COLUMNS = [
  'l.id as leadId',
  'l.first_name as firstName',
  'l.email',
  'l.service_street as street',
  'l.service_zip as zip',
  'l.source_page as sourcePage',
] as const

/** Who a lead's messages are to and about, as the lead stores them; undefined once the lead is gone. */
export const leadCustomer = (db: Db, leadId: string) =>
  db.selectFrom('leads as l').select(CUSTOMER_COLUMNS).where('l.id', '=', leadId).executeTakeFirst()
export type LeadCustomer = NonNullable<Awaited<ReturnType<typeof leadCustomer>>>

/** The lead's town: its ZIP's, else the page's it was sent from; null when neither is known. */
export function townOf(lead: { zip: string | null; sourcePage: string | null }): string | null {
  return cityOfZip(lead.zip)?.name ?? leadTopic(lead.sourcePage).city
}

/** The customer's first name as messages to them use it, cleaned; it may be empty. */
export const firstNameOf = (customer: { firstName: string }) => sanitizeText(customer.firstName, 60)

/** The customer's first name in the owner's messages (mail, push), cleaned; "A customer" when there is none. */
export const ownerNameOf = (firstName: string) => firstNameOf({ firstName }) || 'A customer'

/** A push to the owner about a lead, opening his inbox. */
export const toInbox = (push: { title: string; body: string }): Push => ({ ...push, url: '/owner' })
