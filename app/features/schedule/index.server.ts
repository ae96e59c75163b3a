export { tomorrowsLines } from './today.server'
export { offeredDays } from './truck-days.server'
