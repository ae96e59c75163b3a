export { cacheableByBrowsers } from './backend.functions'
