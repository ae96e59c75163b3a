export { comeBackCounts } from './come-back-sources.server'
