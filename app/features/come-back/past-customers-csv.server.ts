// The owner's files of coming back: the import's template, and every past job with its customer, exported with
// the money CSV's cell rule so a formula-looking name is shown, never run (decision 052).
import { centsText } from '../../lib/money'
import type { Db } from '../../platform/db/database.server'
import { pacificDate } from '../../platform/time/business-hours.server'
import { csvDownload, csvText } from '../../platform/http/owner-files.server'
import { TEMPLATE_COLUMNS } from './past-jobs-import.server'

const TEMPLATE_EXAMPLE = [
  'Dana Reyes',
  'dana@example.com',
  '916-555-0110',
  '12 Oak St',
  '95630',
  'House washing',
  '2025-05-14',
  '420.00',
]

export const templateResponse = () =>
  csvDownload(csvText(TEMPLATE_COLUMNS, [TEMPLATE_EXAMPLE]), 'past-jobs-template.csv')

export async function pastCustomersCsv(db: Db): Promise<string> {
  const rows = await db
    .selectFrom('past_jobs')
    .innerJoin('past_customers', 'past_customers.id', 'past_jobs.customer_id')
    .select([
      'past_customers.name',
      'past_customers.email',
      'past_customers.phone',
      'past_customers.street',
      'past_customers.zip',
      'past_jobs.service_id as service',
      'past_jobs.done_on as doneOn',
      'past_jobs.price_cents as priceCents',
    ])
    .orderBy('past_customers.name')
    .orderBy('past_jobs.done_on')
    .execute()
  return csvText(
    TEMPLATE_COLUMNS,
    rows.map((row) => [
      row.name,
      row.email,
      row.phone,
      row.street,
      row.zip,
      row.service,
      row.doneOn.toISOString().slice(0, 10),
      centsText(row.priceCents, { fixed: true }),
    ]),
  )
}

export const pastCustomersResponse = async (db: Db, now: Date) =>
  csvDownload(await pastCustomersCsv(db), `past-customers-${pacificDate(now)}.csv`)
