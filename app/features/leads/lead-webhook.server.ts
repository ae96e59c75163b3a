/** The lead webhook's body (docs/operations.md), built as the lead is stored; the platform signs and sends it. */
import type { NotificationLead } from './lead-email.server'

export function leadWebhookBody(lead: NotificationLead): string {
  return JSON.stringify({
    type: 'lead.created',
    timestamp: lead.created_at.toISOString(),
    data: {
      id: lead.id,
      created_at: lead.created_at.toISOString(),
      first_name: lead.first_name,
      email: lead.email,
      phone: lead.phone,
      // Always present, null when not given, named as the lead list's columns (docs/operations.md).
      source_page: lead.source_page ?? null,
      service_street: lead.service_street ?? null,
      service_zip: lead.service_zip ?? null,
      preferred_time: lead.preferred_time ?? null,
      outside_area: lead.outside_area ?? null,
    },
  })
}
