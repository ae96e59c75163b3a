export { OWNER_INVOICE_TEXTS, UNPAID_AGES, type LeadInvoice } from './invoice'
