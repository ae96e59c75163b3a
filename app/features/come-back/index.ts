export { ComeBackCard } from './come-back-card'
export { ComeBackSources } from './come-back-sources'
export { COME_BACK_TEXTS, type ComeBackCounts } from './due-again'
