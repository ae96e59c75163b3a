export { addDays, longDay, TIME_WINDOWS, WINDOWS, type TimeWindow } from './schedule'
