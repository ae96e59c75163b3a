export { cityOfZip } from './lead-fields.server'
export { townOf } from './lead-town.server'
export { decodeInTurn, decodePhoto, NotAnImageError } from './photo-encode.server'
export { storeLead, type LeadSettings } from './store-lead.server'
