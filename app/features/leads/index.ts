export { ownerPhotoUrl, PHOTO_NAME_PATTERN } from './lead-photos'
export {
  leadCardColumns,
  leadTopic,
  OUTSIDE_AREA_TEXT,
  OWNER_STATUSES,
  preferredTimeText,
  pushTitle,
  serviceAddress,
  type LeadCard,
  type OwnerStatus,
} from './lead-facts'
export { HEARD_ABOUT_LABELS, LEAD_CHANNEL_LABELS, type HeardAbout, type LeadChannel } from './lead-source-constants'
export { downscale } from './photo-downscale'
export { sendWithProgress } from './photo-send'
