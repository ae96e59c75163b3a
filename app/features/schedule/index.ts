export { TIME_WINDOWS, WINDOWS, type TimeWindow } from './schedule'
