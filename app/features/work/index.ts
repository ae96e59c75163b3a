export type { PostedWork } from './posted-work'
export { WORK_TEXTS } from './posted-work-form'
