import type { SendMailOptions } from 'nodemailer'
import {
  ownerAddresses,
  ownerNotification,
  type NotificationAddresses,
  type NotificationLead,
  type OwnerNotification,
} from '../quote/lead-email.server'
import { runtimeConfig, type RuntimeConfig } from '../config.server'

export const BACKOFF_BASE_MS = 5_000
export const BACKOFF_MAX_MS = 15 * 60_000

export function defaultBackoffMs(attempts: number, random: () => number = Math.random): number {
  const exp = Math.min(Math.max(attempts - 1, 0), 30)
  const base = Math.min(BACKOFF_BASE_MS * 2 ** exp, BACKOFF_MAX_MS)
  const jitter = 1 + (random() * 0.4 - 0.2)
  return Math.round(Math.min(base * jitter, BACKOFF_MAX_MS))
}

export function notificationAddresses(
  config: Pick<RuntimeConfig, 'quoteNotifyEmail' | 'quoteFromEmail'> = runtimeConfig(),
): NotificationAddresses {
  return ownerAddresses(config.quoteNotifyEmail, config.quoteFromEmail)
}

export function buildOwnerNotification(lead: NotificationLead, addresses: NotificationAddresses): SendMailOptions {
  return toSendMail(ownerNotification(lead, addresses))
}

export function toSendMail({ to, replyTo, ...message }: OwnerNotification): SendMailOptions {
  // Objects, so nodemailer does not parse a display name out of a visitor's address.
  return { ...message, to: { name: '', address: to }, ...(replyTo ? { replyTo: { name: '', address: replyTo } } : {}) }
}

/** Where sign-in links go: the only address that can sign in to the inbox. */
export function ownerEmail(
  config: Pick<RuntimeConfig, 'owner' | 'quoteNotifyEmail' | 'quoteFromEmail'> = runtimeConfig(),
) {
  return config.owner.email ?? notificationAddresses(config).to
}
