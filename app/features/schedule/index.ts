export { addDays, DAY_PAGE_TEXTS, longDay, TIME_WINDOWS, type TimeWindow } from './schedule'
