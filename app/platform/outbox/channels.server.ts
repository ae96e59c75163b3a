// How each channel sends what a template built: the mail transport, the owner's phones, the webhook, the file
// store. Each answers the end of its log line.
import { createHash } from 'node:crypto'
import type { Db } from '../db/database.server'
import type { FileStore } from '../files/file-store.server'
import type { RuntimeConfig } from '../config.server'
import { envelope, ownerEmail, type Mail, type MailTransport } from '../transport/mail.server'
import { pushToPhones, vapidOf } from '../transport/push.server'
import { sendWebhook } from '../transport/webhook.server'
import type { ClaimedRow } from './claim.server'
import { missingSetting, type Channel, type ChannelMessage } from './outbox.server'

export type Send = { [C in Channel]: (message: ChannelMessage[C], row: ClaimedRow) => Promise<string> }

/** How each channel sends what a template built; the log line's end. */
export function channels(
  { db, config, files }: { db: Db; config: RuntimeConfig; files: FileStore },
  mail: MailTransport,
): Send {
  const vapid = vapidOf(config, ownerEmail(config))
  // A row put due again with a new message (a quote's new version, a moved job) gets a new Message-ID: mail
  // servers drop a message whose id they have; the same message sent again keeps its id.
  const id = (row: ClaimedRow) => {
    const digest = createHash('sha256').update(JSON.stringify(row.payload)).digest('hex').slice(0, 12)
    return `${row.key || row.template}-${row.id}-${digest}`.replace(/[^A-Za-z0-9._-]/g, '-')
  }
  const email = (toOwner: boolean, done: string) => async (message: Mail, row: ClaimedRow) => {
    await mail.send(envelope(message, id(row), config, toOwner))
    return done
  }
  return {
    owner_mail: email(true, 'e-mailed to the owner'),
    customer_mail: email(false, 'e-mailed to the customer'),
    owner_push: async (push) => {
      const keys = vapid ?? missingSetting('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY')
      return `pushed to ${await pushToPhones(db, keys, push, config.owner.pushPolicy)} phone(s)`
    },
    webhook: async ({ id, body }) => {
      await sendWebhook(config.leadWebhook ?? missingSetting('LEAD_WEBHOOK_URL'), id, body, new Date())
      return 'handed to the webhook'
    },
    files: async ({ folder }) => (await files.removeFolder(folder), 'files removed'),
  }
}

/**
 * Each channel's log scope and what its failure line calls it. Customers' e-mails are no message to the owner; a
 * lead's own e-mail and webhook are the lead's (key 'lead').
 */
export const LOG_WORDS: Record<Channel, { scope: string; noun: string }> = {
  owner_mail: { scope: 'owner', noun: 'e-mail' },
  owner_push: { scope: 'owner', noun: 'push' },
  customer_mail: { scope: 'customer', noun: 'e-mail' },
  webhook: { scope: 'lead', noun: 'webhook delivery' },
  files: { scope: 'outbox', noun: 'file removal' },
}
