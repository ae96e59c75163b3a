import { definePlugin } from 'nitro'
import { withoutImmutableCachingOnError } from './http.server'

/** Nitro plugin: the last look at every answer, static files included, which the app's own entry never sees. */
export default definePlugin((nitroApp) => {
  nitroApp.hooks?.hook('response', (response) => withoutImmutableCachingOnError(response))
})
