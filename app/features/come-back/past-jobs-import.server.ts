// The owner's CSV of past jobs (decision 064): the file is refused whole when it cannot be read (not UTF-8, over
// 5 MB or 5,000 rows, a required column missing), else each row is checked, the good ones written in one
// transaction and the bad ones listed by line. A row already imported (same e-mail address, service, day and price)
// adds nothing, so the same file twice adds nothing.
import { createHash } from 'node:crypto'
import { serviceList, serviceSummary } from '../../content/service-list'
import type { ServiceId } from '../../content/types'
import * as v from 'valibot'
import { isCalendarDay } from '../../lib/calendar-day'
import { priceSchema } from '../../lib/money'
import { isValidEmail } from '../../lib/text'
import type { Db } from '../../platform/db/database.server'
import { pacificDate } from '../../platform/time/business-hours.server'
import { CsvRefused, readCsv } from './csv-reader'
import { newToken } from './due-again.server'

export const IMPORT_MAX_BYTES = 5 * 1024 * 1024
export const IMPORT_MAX_ROWS = 5000

/** The template's header, which the download gives. */
export const TEMPLATE_COLUMNS = ['name', 'email', 'phone', 'address', 'zip', 'service', 'date done', 'price'] as const
type Column = (typeof TEMPLATE_COLUMNS)[number]
const REQUIRED: Column[] = ['name', 'email', 'phone', 'service', 'date done', 'price']

// Headers as Jobber's and Housecall Pro's job exports name them, compared without case, spaces or punctuation.
const ALIASES: Record<Column, string[]> = {
  name: ['name', 'clientname', 'client', 'customername', 'customer', 'fullname'],
  email: ['email', 'emailaddress', 'clientemail', 'customeremail'],
  phone: ['phone', 'phonenumber', 'clientphone', 'mobilephone', 'mobile', 'customerphone', 'homephone'],
  address: ['address', 'streetaddress', 'street', 'serviceaddress', 'propertyaddress', 'servicestreet', 'street1'],
  zip: ['zip', 'zipcode', 'postalcode', 'postcode', 'servicezip', 'propertyzip'],
  service: ['service', 'jobtitle', 'title', 'lineitems', 'description', 'jobdescription', 'services'],
  'date done': [
    'datedone',
    'completeddate',
    'completedon',
    'completed',
    'jobcompletiondate',
    'date',
    'jobdate',
    'finishedat',
  ],
  price: ['price', 'total', 'jobtotal', 'totalamount', 'amount', 'invoicetotal', 'revenue'],
}

const headerKey = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, '')

// The service a cell names, by its id, its title, or a word the trade uses; order matters ("house" before "roof").
const SERVICE_WORDS: [RegExp, ServiceId][] = [
  [/seal/i, 'concrete-sealing'],
  [/roof/i, 'roof'],
  [/gutter/i, 'gutter'],
  [/house|home|siding/i, 'full-house'],
  [/driveway/i, 'driveway'],
  [/patio|paver/i, 'patio'],
  [/deck|fence/i, 'deck-fence'],
  [/commercial|storefront/i, 'commercial'],
]

function serviceOf(cell: string): ServiceId | null {
  const text = cell.trim()
  const exact = serviceList.find(({ id, title }) => id === text || title.toLowerCase() === text.toLowerCase())
  return exact?.id ?? SERVICE_WORDS.find(([pattern]) => pattern.test(text))?.[1] ?? null
}

/** 2026-03-14, 3/14/2026 or 03/14/26 as `YYYY-MM-DD`; null when it is none of these or no real day. */
function dayOf(cell: string): string | null {
  const text = cell.trim().replace(/[ T].*$/, '')
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text)
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/.exec(text)
  const [year, month, day] = iso ? iso.slice(1) : us ? [us[3]!.padStart(4, '20'), us[1], us[2]] : []
  const date = `${year}-${month?.padStart(2, '0')}-${day?.padStart(2, '0')}`
  return isCalendarDay(date) ? date : null
}

// "$1,234.50" read as every price field reads it; a row gives one reason, whichever check failed.
const NOT_A_PRICE = { required: '', negative: '', format: '', cents: '', max: '' }
const importPrice = priceSchema(NOT_A_PRICE)

/** One row's cells by column: the row, or why it is skipped; `today` is the import's Pacific day (later is refused). */
function checkRow(cells: Partial<Record<Column, string>>, today: string) {
  const value = (column: Column) => (cells[column] ?? '').trim()
  const name = value('name')
  const email = value('email').toLowerCase()
  const serviceId = serviceOf(value('service'))
  const doneOn = dayOf(value('date done'))
  const price = v.safeParse(importPrice, value('price'))
  const zip = value('zip')
  if (!name || name.length > 100) return 'the name is missing or over 100 characters'
  if (!isValidEmail(email)) return `"${value('email').slice(0, 60)}" is not an e-mail address`
  if (!serviceId) return `"${value('service').slice(0, 60)}" is not one of our services`
  if (!doneOn) return `"${value('date done').slice(0, 30)}" is not a date (YYYY-MM-DD or M/D/YYYY)`
  if (doneOn > today) return `${doneOn} is in the future`
  if (!price.success) return `"${value('price').slice(0, 30)}" is not a price from $0 to $100,000`
  if (zip && !/^\d{5}(-\d{4})?$/.test(zip)) return `"${zip.slice(0, 20)}" is not a ZIP code`
  // A lead needs a phone: the reminder's "Book this day" makes one.
  if (!value('phone') || value('phone').length > 40) return 'the phone is missing or over 40 characters'
  if (value('address').length > 200) return 'the address is over 200 characters'
  const what = serviceSummary(serviceId).title
  return {
    name,
    email,
    phone: value('phone'),
    street: value('address') || null,
    zip: zip || null,
    serviceId,
    what,
    doneOn,
    priceCents: price.output,
  }
}
type ImportedRow = Exclude<ReturnType<typeof checkRow>, string>

/** The file's rows checked, or why the whole file is refused. */
function readPastJobs(
  bytes: Uint8Array,
  today: string,
): { refused: string } | { rows: { line: number; check: string | ImportedRow }[] } {
  if (bytes.byteLength > IMPORT_MAX_BYTES) return { refused: 'The file is over 5 MB.' }
  let text: string
  try {
    // A byte-order mark is fine: the decoder drops it.
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return { refused: 'The file is not UTF-8 text. Save it as "CSV UTF-8" and import it again.' }
  }
  let records: ReturnType<typeof readCsv>
  try {
    records = readCsv(text, IMPORT_MAX_ROWS + 1)
  } catch (error) {
    if (error instanceof CsvRefused) return { refused: error.message }
    throw error
  }
  const [header, ...body] = records
  if (!header || body.length === 0) return { refused: 'The file has no rows under its header.' }
  const keys = header.cells.map(headerKey)
  const index = Object.fromEntries(
    TEMPLATE_COLUMNS.map((column) => [column, ALIASES[column].map((alias) => keys.indexOf(alias)).find((i) => i >= 0)]),
  ) as Record<Column, number | undefined>
  const missing = REQUIRED.filter((column) => index[column] === undefined)
  if (missing.length) return { refused: `The file has no ${missing.join(', ')} column.` }
  return {
    rows: body.map(({ line, cells }) => {
      const byColumn = Object.fromEntries(
        TEMPLATE_COLUMNS.map((column) => [column, index[column] === undefined ? '' : (cells[index[column]!] ?? '')]),
      )
      return { line, check: checkRow(byColumn, today) }
    }),
  }
}

const importKey = (row: ImportedRow) =>
  createHash('sha256')
    .update(JSON.stringify([row.email, row.serviceId, row.doneOn, row.priceCents]))
    .digest('hex')

/** Checks and stores the file's good rows in one transaction: every one or none. */
export async function importPastJobs(db: Db, bytes: Uint8Array, now: Date) {
  const read = readPastJobs(bytes, pacificDate(now))
  if ('refused' in read) return read
  const skipped = read.rows.flatMap(({ line, check }) => (typeof check === 'string' ? [{ line, reason: check }] : []))
  const good = read.rows.flatMap(({ check }) => (typeof check === 'string' ? [] : [check]))
  const added = await db.transaction().execute(async (tx) => {
    if (good.length === 0) return 0
    const customerIds = await pastCustomerIds(tx, good)
    const inserted = await tx
      .insertInto('past_jobs')
      .values(
        good.map((row) => ({
          customer_id: customerIds.get(row.email)!,
          service_id: row.serviceId,
          done_on: row.doneOn,
          price_cents: row.priceCents,
          items: JSON.stringify([{ description: row.what, cents: row.priceCents }]),
          import_key: importKey(row),
        })),
      )
      .onConflict((conflict) => conflict.column('import_key').doNothing())
      .executeTakeFirst()
    return Number(inserted.numInsertedOrUpdatedRows ?? 0)
  })
  return { added, already: good.length - added, skipped }
}
export type ImportAnswer = Awaited<ReturnType<typeof importPastJobs>>

/**
 * Each e-mail address's customer id, keyed by the address lower-cased: made on first sight; one imported again keeps
 * its row, and so its stop.
 */
export async function pastCustomerIds(
  db: Db,
  people: Pick<ImportedRow, 'name' | 'email' | 'phone' | 'street' | 'zip'>[],
): Promise<Map<string, string>> {
  await db
    .insertInto('past_customers')
    .values(
      people.map((person) => ({
        email: person.email.toLowerCase(),
        name: person.name.slice(0, 100),
        phone: person.phone,
        street: person.street,
        zip: person.zip,
        stop_token: newToken(),
      })),
    )
    .onConflict((conflict) => conflict.column('email').doNothing())
    .execute()
  const emails = people.map((person) => person.email.toLowerCase())
  const rows = await db.selectFrom('past_customers').select(['id', 'email']).where('email', 'in', emails).execute()
  return new Map(rows.map((row) => [row.email, row.id]))
}
