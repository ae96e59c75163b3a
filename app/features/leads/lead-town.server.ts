// A lead's town as the owner's pushes and calendar name it: no street, name or contact in it.
import { leadTopic } from './lead-facts'
import { cityOfZip } from './lead-fields.server'

/** The lead's town: its ZIP's, else the page's it was sent from; null when neither is known. */
export function townOf(lead: { zip: string | null; sourcePage: string | null }): string | null {
  return cityOfZip(lead.zip)?.name ?? leadTopic(lead.sourcePage).city
}
