export { comeBackCounts } from './come-back-sources.server'
export { jobPaid } from './review-requests.server'
