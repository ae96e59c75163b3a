export { cityOfZip } from './lead-fields.server'
export {
  CUSTOMER_COLUMNS,
  firstNameOf,
  leadCustomer,
  ownerNameOf,
  toInbox,
  townOf,
  type LeadCustomer,
} from './lead-customer.server'
export { decodeInTurn, decodePhoto, NotAnImageError } from './photo-encode.server'
export { storeLead, type LeadSettings } from './store-lead.server'
