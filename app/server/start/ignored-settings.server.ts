import { runtimeConfig, type RuntimeConfig } from '../config.server'
import { log } from '../log/logger.server'

/** An owner who set them would wait for webhooks that never come. */
export function ignoredSettings(config: RuntimeConfig): string[] {
  return config.supabase && config.leadWebhook ? ['LEAD_WEBHOOK_URL', 'LEAD_WEBHOOK_SECRET'] : []
}

export function warnAboutIgnoredSettings(config = runtimeConfig()): void {
  const names = ignoredSettings(config)
  if (names.length === 0) return
  log('config').warn(
    { ignored: names },
    `${names.join(' and ')} are set for the site, but with Supabase the send-quote-email function sends ` +
      'the webhook: set them as its secrets (docs/decisions/023-lead-webhook-on-supabase.md).',
  )
}
