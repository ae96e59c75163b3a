// The invoice's reminders (docs/decisions/055-invoices-and-payments.md): built from the invoice as it stands when
// sent, so one falling due after the invoice was paid sends nothing.
import { outboxTemplate } from '../../platform/outbox/outbox.server'
import { invoiceOf } from './invoices.server'
import { leadCustomer } from '../leads/index.server'
import { invoiceReminderMail } from './payment-mail.server'

/** Days after sending that the customer is reminded, within opening hours; never once the balance is 0. */
export const REMINDER_DAYS = [3, 10] as const

export const invoiceReminder = outboxTemplate('invoice_reminder', {
  channel: 'customer_mail',
  build: async (_reminder: { days: number }, row, { db }) => {
    const [customer, invoice] = row.leadId
      ? await Promise.all([leadCustomer(db, row.leadId), invoiceOf(db, row.leadId)])
      : []
    if (!customer || !invoice) return 'the invoice is gone'
    if (invoice.balanceCents === 0) return 'the invoice is paid'
    return invoiceReminderMail(customer, invoice) ?? 'the address is not usable'
  },
})
