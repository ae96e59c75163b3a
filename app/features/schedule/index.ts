export { OWNER_DAY_TEXTS, TIME_WINDOWS, WINDOWS, type DayOffer, type TimeWindow } from './schedule'
