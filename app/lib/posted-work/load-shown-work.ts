import { createIsomorphicFn } from '@tanstack/react-start'
import type { ShownWork } from './posted-work'
import type { WorkPlace } from './shown-work'
import { readShownWork } from './shown-work-read'

/**
 * The read for pages that call no other server function (/gallery, the city pages): the server's first HTML
 * carries the answer, so the browser loads the reader and the server-function client (1.7 KB) only when a
 * client-side navigation needs them. Pages that load that client anyway call readShownWork directly: there the
 * import's preload list would cost more than the reader.
 */
export const loadShownWork = createIsomorphicFn()
  .server((place: WorkPlace): Promise<ShownWork> => readShownWork(place))
  .client((place: WorkPlace) => import('./shown-work-read').then((reader) => reader.readShownWork(place)))
