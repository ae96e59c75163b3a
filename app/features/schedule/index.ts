export { OWNER_DAY_TEXTS, type DayOffer } from './schedule'
