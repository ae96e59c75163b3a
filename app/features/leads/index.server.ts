export { cityOfZip } from './lead-fields.server'
export { townOf } from './lead-town.server'
export { decodeInTurn, decodePhoto, NotAnImageError } from './photo-encode.server'
