// The one quote message decided when it is sent (docs/decisions/053-quotes-and-jobs.md, 061): the day-before
// reminder of a job. Every other quote and job message is built as it is queued (quotes.server.ts).
import { outboxTemplate } from '../../platform/outbox/outbox.server'
import { jobReminderMail } from './quote-mail.server'
import { customerQuote } from './quote-reads.server'

/** Due 09:00 Pacific the day before `day`; one claimed as the job moved or went is dropped. */
export const jobReminder = outboxTemplate('job_reminder', {
  channel: 'customer_mail',
  build: async ({ day }: { day: string }, row, { db }) => {
    const found = row.leadId ? await customerQuote(db, row.leadId) : null
    const job = found?.quote.job
    if (!found || !job || job.cancelled || job.day !== day) return 'the job moved or went'
    return jobReminderMail(found.customer, job) ?? 'the address is not usable'
  },
})
