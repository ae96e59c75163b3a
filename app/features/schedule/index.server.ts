export { tomorrowsLines } from './today.server'
