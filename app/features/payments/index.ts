export type { LeadInvoice } from './invoice'
