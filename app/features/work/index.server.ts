export { publishedWorkOfLead } from './posted-work.server'
export { categoryOfLeadPage } from './work-prefill.server'
