export { receivedCents, unpaidInvoices, withInvoices } from './invoices.server'
