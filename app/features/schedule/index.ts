export { addDays, DAY_PAGE_TEXTS, dayText, longDay, TIME_WINDOWS, type TimeWindow } from './schedule'
