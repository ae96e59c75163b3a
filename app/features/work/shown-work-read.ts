import { fetchShownWork } from './posted-work-read.functions'
import type { ShownWork } from './posted-work'
import type { WorkPlace } from './shown-work'

/**
 * Not kept in memory: the browser's HTTP cache keeps the answer as long as a stored page lives. A read that
 * fails (the visitor offline) shows the samples, as the server could not say they are off.
 */
export function readShownWork(place: WorkPlace): Promise<ShownWork> {
  return fetchShownWork({ data: place }).catch(() => ({ posted: [], samples: true }))
}
