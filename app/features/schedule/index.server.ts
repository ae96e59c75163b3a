export { tomorrowsStops } from './today.server'
export { offeredDays } from './truck-days.server'
