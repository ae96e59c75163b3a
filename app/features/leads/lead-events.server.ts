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
}
