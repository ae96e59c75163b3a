// What the owner page shows of this feature, loaded with import() when a card needs it (as payments' owner-view).
import { lazy } from 'react'

export const OwnerDayRequest = lazy(() => import('./owner-day-request'))
