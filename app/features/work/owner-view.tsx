// What the owner page shows of this feature, each loaded with import() when opened: the inbox's first load
// carries none of it. Other features reach these views only through this file (issue 78).
import { Link, linkOptions } from '@tanstack/react-router'
import { lazy } from 'react'
import type { LeadCardPart } from '~/components/owner/inbox-parts'
import { ownerOutlineClass } from '~/components/owner/owner-field'
import type { LeadCard } from '../leads'
import { WORK_TEXTS } from './posted-work-form'

export const OwnerWork = lazy(() => import('./owner-work'))

// Not exact: a won lead's link adds its town, kind of job and id to the address.
export const WORK_TAB = {
  label: WORK_TEXTS.tab,
  link: linkOptions({ to: '/owner', search: { view: 'work' }, activeOptions: { exact: false } }),
}

type WonLead = Pick<LeadCard, 'id' | 'status' | 'workCity' | 'workCategory'>

/** The job's photos on the site, its town and kind already chosen where the lead tells them. */
function WorkFromLead({ lead }: { lead: WonLead }) {
  return (
    <div className="mt-3 grid gap-2">
      <Link
        to="/owner"
        search={{
          view: 'work',
          lead: lead.id,
          city: lead.workCity ?? undefined,
          category: lead.workCategory ?? undefined,
        }}
        className={`${ownerOutlineClass} flex-1`}
      >
        {WORK_TEXTS.fromLead}
      </Link>
    </div>
  )
}

export const WORK_CARD_PART: LeadCardPart<WonLead> = { when: (lead) => lead.status === 'won', Part: WorkFromLead }
