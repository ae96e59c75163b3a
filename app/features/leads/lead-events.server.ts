// Leads by id only: visitor details never reach the log.
import { log } from '../../platform/log/logger.server'

const leads = () => log('lead')

export const leadEvents = {
  stored(leadId: string | undefined, details: { status: string; duplicate: boolean; idempotencyKey: string }) {
    leads().info({ leadId: leadId ?? null, ...details }, 'lead stored')
  },
  /** The recovery file holds the lead. */
  notSaved(details: { recoveryFile: string; err: unknown }) {
    leads().error(details, 'lead not saved; its details are in the recovery file')
  },
  lost(details: { err: unknown; recoveryErr: unknown }) {
    leads().fatal(details, 'lead not saved and no recovery file could be written; the visitor was told to call')
  },
  emailed(leadId: string, details: { outboxId: string; attempt: number; to: 'smtp' | 'eml' | 'custom' }) {
    leads().info({ leadId, ...details }, 'lead e-mailed to the owner')
  },
  emailFailed(leadId: string, details: { outboxId: string; attempt: number; retryInSeconds: number; err: string }) {
    leads().warn({ leadId, ...details }, 'lead e-mail failed; will retry')
  },
  handedToWebhook(leadId: string, details: { outboxId: string; attempt: number }) {
    leads().info({ leadId, ...details }, 'lead handed to the webhook')
  },
  webhookFailed(leadId: string, details: { outboxId: string; attempt: number; retryInSeconds: number; err: unknown }) {
    leads().warn({ leadId, ...details }, 'lead webhook delivery failed; will retry')
  },
}
