export type { PostedWork } from './posted-work'
export { WORK_TEXTS } from './posted-work-form'
export { POSTED_WORK_BASE_URL } from './posted-work-places'
