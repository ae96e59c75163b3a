import { createIsomorphicFn } from '@tanstack/react-start'
import type { ShownWork } from './posted-work'
import type { WorkPlace } from './shown-work'
import { readShownWork } from './shown-work-read'

/**
 * A page loader's read of the work it shows. The server's first HTML carries the answer, so the browser loads
 * the reader (and the server-function client) only when a client-side navigation needs it: first loads stay as
 * small as before the owner could post work.
 */
export const loadShownWork = createIsomorphicFn()
  .server((place: WorkPlace): Promise<ShownWork> => readShownWork(place))
  .client((place: WorkPlace) => import('./shown-work-read').then((reader) => reader.readShownWork(place)))
