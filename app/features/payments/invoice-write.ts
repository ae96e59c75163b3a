import { useLeadsCache } from '~/components/owner/leads-cache'
import { useOwnerWrite } from '~/components/owner/owner-write'
import type { LeadCard } from '../leads'
import type { LeadInvoice } from './invoice'

/** The inbox's card, as far as its invoice goes. */
export type InvoicedLead = LeadCard & { invoice?: LeadInvoice }

/** The card's outcome of a write: the invoice as the server now has it on the card, or why not. */
export function useInvoiceWrite<Input>(lead: InvoicedLead, call: (input: Input) => Promise<LeadInvoice>) {
  const leads = useLeadsCache<InvoicedLead>()
  return useOwnerWrite(call, { after: (invoice) => leads.replace(lead.id, (card) => ({ ...card, invoice })) })
}
