/** Every word of the quote pages, the owner's quote views and their validation (docs/product.md#quotes). */
import { site } from '~/content/site'
import { formatCents } from '../../lib/money'
import { PRICE_LINE_FIELD_TEXTS } from '../prices/index.lines'
import { formatDay, formatPacificTime, formatWindow } from './quote'

const options = (count: number) => (count === 1 ? '1 option' : `${count} options`)

/** The customer's page, /quote/<token>. */
export const QUOTE_PAGE_TEXTS = {
  title: `Your quote from ${site.name}`,
  greeting: (firstName: string) => `Hi ${firstName}, here is your quote.`,
  yourQuote: 'Your quote',
  item: 'Item',
  price: 'Price',
  required: 'Included',
  optional: 'Optional: tick what you want added',
  total: 'Total',
  // SB 478: the shown total already holds every mandatory charge, and says what it holds.
  totalIncludes: (ticked: number) =>
    ticked === 0
      ? 'Includes every required item. No fee is added at acceptance.'
      : `Includes every required item and the ${options(ticked)} you ticked. No fee is added at acceptance.`,
  validUntil: (day: string) => `Valid through ${formatDay(day, false)}.`,
  note: 'A note from us',
  terms: 'Terms',
  acceptHeading: 'Accept the quote',
  name: 'Type your full name',
  agree: 'I agree to the terms',
  accept: 'Accept quote',
  changesHeading: 'Ask for changes',
  changesLabel: 'What would you like changed?',
  changes: 'Ask for changes',
  acceptedTitle: 'Quote accepted',
  accepted: (name: string, at: string) => `Accepted by ${name} on ${formatPacificTime(at)} (Pacific time).`,
  acceptedNext: 'Thank you! We will call you to set the day. A copy of the quote is on its way to your e-mail.',
  chosen: 'Options added',
  changesSent: 'Thank you, your message reached us. We will send you an updated quote.',
  scheduled: (day: string, start: string, end: string) =>
    `Scheduled: ${formatDay(day)}, arriving ${formatWindow(start, end)}.`,
  stale: 'We just updated this quote. Please look it over again before you accept.',
  unknownItem: 'An option you sent is not part of this quote. Please tick the options again.',
  rateLimited: `Too many tries. Please wait a few minutes or call us at ${site.phone}.`,
  call: 'Questions? Call us at',
  unavailableTitle: 'This quote link is not available',
  unavailable: `It may have expired or been replaced. Call us at ${site.phone} and we will help.`,
} as const

/** docs/product.md#validation: the customer's fields. */
export const QUOTE_FIELD_TEXTS = {
  nameRequired: 'Type your full name to accept',
  nameShort: 'Your name must be at least 2 characters',
  nameLong: 'Your name must be 100 characters or fewer',
  nameChars: 'Your name contains characters that are not allowed',
  agreeRequired: 'Tick “I agree to the terms” to accept',
  messageRequired: 'Write what you would like changed',
  messageLong: 'Your message must be 2,000 characters or fewer',
} as const

/** The owner's side: the lead card, the editor, the job, the calendar feed. */
export const OWNER_QUOTE_TEXTS = {
  write: 'Write a quote',
  edit: 'Edit quote',
  sent: (version: number, at: string) => `Quote v${version} sent ${formatPacificTime(at)}`,
  viewed: (at: string) => `First viewed ${formatPacificTime(at)}`,
  notViewed: 'Not opened yet',
  changes: (message: string) => `Changes asked: “${message}”`,
  accepted: (name: string, at: string, cents: number) =>
    `Accepted by ${name}, ${formatPacificTime(at)}: ${formatCents(cents)}`,
  acceptedOptions: (names: string[]) => `With ${names.join(', ')}`,
  expired: 'Expired: send it again to renew',
  withdrawn: 'Withdrawn: the link no longer opens',
  withdraw: 'Withdraw quote',
  heading: (firstName: string) => `Quote for ${firstName}`,
  back: 'Back to the leads',
  fromPriceList: 'Add from price list',
  addItem: 'Add item',
  description: 'Description',
  price: 'Price ($)',
  optional: 'Optional (the customer may add it)',
  remove: 'Remove',
  note: 'Note to the customer (optional)',
  validDays: 'Valid for (days)',
  totalRequired: (cents: number) => `Total: ${formatCents(cents)}`,
  totalAll: (cents: number) => `With every option: ${formatCents(cents)}`,
  send: 'Send quote',
  sending: 'Sending…',
  sentNow: 'Quote sent. The customer has it by e-mail.',
  acceptedNoEdit: 'This quote was accepted: it can no longer change.',
  link: 'Link to the quote',
  copy: 'Copy link',
  copied: 'Link copied.',
  text: 'Text the link',
  textBody: (firstName: string, link: string) => `Hi ${firstName}, here is your quote from ${site.name}: ${link}`,
  noItems: 'Add at least one item.',
  tooManyItems: 'A quote holds at most 30 items.',
  totalMax: 'A quote can total at most $100,000.00, optional items included.',
  schedule: 'Schedule',
  reschedule: 'Reschedule',
  cancelJob: 'Cancel job',
  day: 'Date',
  from: 'Arrival from',
  until: 'Arrival by',
  job: (day: string, start: string, end: string) => `Job: ${formatDay(day)}, ${formatWindow(start, end)}`,
  jobCancelled: 'Job cancelled',
  feedHeading: 'Calendar feed',
  feedHelp: "Subscribe to this address in your phone's calendar: every scheduled job shows there.",
  feedRenew: 'Renew the feed link',
  feedRenewed: 'New link made: the old one stopped working. Subscribe again with this one.',
} as const

/** Why an owner's quote or job write was refused: the write returns it, and the call answers with it as is. */
export const QUOTE_REFUSALS = {
  'no-lead': { status: 404, message: 'No such lead' },
  accepted: { status: 409, message: OWNER_QUOTE_TEXTS.acceptedNoEdit },
  'not-accepted': { status: 409, message: 'Only an accepted quote is scheduled' },
  'no-job': { status: 409, message: 'No job to cancel' },
} as const
export type QuoteRefusal = (typeof QUOTE_REFUSALS)[keyof typeof QUOTE_REFUSALS]

/** docs/product.md#validation: the owner's fields; an item is checked as a price list's line is. */
export const OWNER_QUOTE_FIELD_TEXTS = {
  ...PRICE_LINE_FIELD_TEXTS,
  noteLong: 'The note must be 2,000 characters or fewer',
  validDays: 'Valid for 1 to 365 days',
  dayRequired: 'Choose a date',
  dayPast: 'Choose a date from today on',
  timeRequired: 'Choose the arrival window',
  timeHours: `Choose an arrival window within opening hours (${site.hours.label})`,
  timeOrder: 'The window must end after it starts',
} as const
