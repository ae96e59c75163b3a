// The one quote message decided when it is sent (docs/decisions/053-quotes-and-jobs.md, 061): the day-before
// reminder of a job. Every other quote and job message is built as it is queued (quotes.server.ts).
import { outboxTemplate } from '../../platform/outbox/outbox.server'
import { jobReminderMail } from './quote-mail.server'
import { quoteOf } from './quote-reads.server'
import { leadCustomer } from '../leads/index.server'

/** Due 09:00 Pacific the day before `day`; one claimed as the job moved or went is dropped. */
export const jobReminder = outboxTemplate('job_reminder', {
  channel: 'customer_mail',
  build: async ({ day }: { day: string }, row, { db }) => {
    const [customer, quote] = row.leadId
      ? await Promise.all([leadCustomer(db, row.leadId), quoteOf(db, row.leadId)])
      : []
    const job = quote?.job
    if (!customer || !job || job.cancelled || job.day !== day) return 'the job moved or went'
    return jobReminderMail(customer, job) ?? 'the address is not usable'
  },
})
