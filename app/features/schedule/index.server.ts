export { tomorrowsStops } from './today.server'
export { dayText, offeredDays } from './truck-days.server'
