import { definePlugin } from 'nitro'
import { withoutImmutableCachingOnError } from './http.server'

/** Nitro plugin: sees static files too, unlike the app's entry. */
export default definePlugin((nitroApp) => {
  nitroApp.hooks?.hook('response', (response) => withoutImmutableCachingOnError(response))
})
