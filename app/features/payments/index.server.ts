export { invoicesDue, receivedCents, withInvoices } from './invoices.server'
export { whenInvoicePaid } from './invoice-writes.server'
