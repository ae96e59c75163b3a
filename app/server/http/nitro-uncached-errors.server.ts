import { definePlugin } from 'nitro'
import { withoutImmutableCachingOnError } from './http.server'

/** Nitro plugin: sees static files too, which the app's own entry never does. */
export default definePlugin((nitroApp) => {
  nitroApp.hooks?.hook('response', (response) => withoutImmutableCachingOnError(response))
})
