export { receivedCents, unpaidInvoices, withInvoices } from './invoices.server'
export { whenInvoicePaid } from './invoice-writes.server'
