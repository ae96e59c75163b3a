// What the owner page shows of this feature, each loaded with import() when opened: the inbox's first load
// carries none of it. Other features reach these views only through this file (issue 78).
import { lazy } from 'react'

export const OwnerWork = lazy(() => import('./owner-work'))
