/** The lead webhook's body (docs/operations.md), built as the lead is stored; the platform signs and sends it. */
import type { NotificationLead } from './lead-email.server'

export function leadWebhookBody(lead: NotificationLead): string {
  return JSON.stringify({
    type: 'lead.created',
    timestamp: lead.createdAt.toISOString(),
    data: {
      id: lead.id,
      created_at: lead.createdAt.toISOString(),
      first_name: lead.firstName,
      email: lead.email,
      phone: lead.phone,
      source_page: lead.sourcePage,
      // Always present, null when not given, named as the lead list's columns (docs/operations.md).
      service_street: lead.street ?? null,
      service_zip: lead.zip ?? null,
      preferred_time: lead.preferredTime ?? null,
      outside_area: lead.outsideArea ?? null,
    },
  })
}
