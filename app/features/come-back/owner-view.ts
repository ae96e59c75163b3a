// What the owner page shows of this feature in another feature's view, loaded with import() when that view opens.
import { lazy } from 'react'

export const DueAgainIntervals = lazy(() => import('./due-again-intervals'))
