// The inbox's "Add work to the site" view. Loaded with import() when opened, so the photo code stays out of
// the inbox's first load and out of every public page.
import { useEffect, useState } from 'react'
import type { OwnerPostedWork } from '~/features/work/posted-work'
import { OwnerWorkForm, type WorkPrefill } from './owner-work-form'
import { OwnerWorkList } from './owner-work-list'

export default function OwnerWork({ loaded, prefill }: { loaded: OwnerPostedWork[]; prefill: WorkPrefill }) {
  const [work, setWork] = useState(loaded)
  useEffect(() => setWork(loaded), [loaded])
  return (
    <>
      {/* A new lead's link opens a fresh form with its own choices. */}
      <OwnerWorkForm
        key={`${prefill.lead}|${prefill.category}|${prefill.city}`}
        prefill={prefill}
        onPosted={(posted) => setWork((was) => [posted, ...was.filter((each) => each.id !== posted.id)])}
      />
      <OwnerWorkList
        work={work}
        onChange={(changed) => setWork((was) => was.map((each) => (each.id === changed.id ? changed : each)))}
        onDeleted={(id) => setWork((was) => was.filter((each) => each.id !== id))}
      />
    </>
  )
}
