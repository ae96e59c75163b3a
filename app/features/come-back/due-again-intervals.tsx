// "Due again after N months" per service, in the Prices view (decision 064): empty is never. Its own form and save,
// read when the view opens.
import { useQuery } from '@tanstack/react-query'
import { useId, type FormEvent } from 'react'
import { serviceList } from '~/content/service-list'
import type { ServiceId } from '~/content/types'
import { OwnerField } from '~/components/owner/owner-field'
import { ownerButtonClass } from '~/components/owner/owner-shell'
import { useOwnerWrite } from '~/components/owner/owner-write'
import { fetchDueIntervals, saveOwnerDueIntervals } from './come-back.functions'
import { COME_BACK_TEXTS as T, DUE_MONTHS_MAX } from './due-again'

export default function DueAgainIntervals() {
  const id = useId()
  const intervals = useQuery({ queryKey: ['due-again-intervals'], queryFn: () => fetchDueIntervals() })
  const save = useOwnerWrite((data: Record<ServiceId, number | null>) => saveOwnerDueIntervals({ data }), {
    said: T.intervalsSaved,
  })
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const fields = new FormData(event.currentTarget)
    const months = (service: ServiceId) => {
      const text = String(fields.get(service) ?? '').trim()
      return text === '' ? null : Number(text)
    }
    save.mutate(Object.fromEntries(serviceList.map(({ id }) => [id, months(id)])) as Record<ServiceId, number | null>)
  }
  return (
    <section aria-labelledby={`${id}-due`} className="mt-8 grid gap-2">
      <h2 id={`${id}-due`} className="text-xl font-bold">
        {T.intervalsHeading}
      </h2>
      <p className="text-slate-700">{T.intervalsHelp}</p>
      {intervals.data && (
        <form onSubmit={submit} className="grid gap-2">
          {serviceList.map((service) => (
            <OwnerField
              key={service.id}
              id={`${id}-${service.id}`}
              name={service.id}
              label={T.intervalLabel(service.title)}
              type="number"
              inputMode="numeric"
              min={1}
              max={DUE_MONTHS_MAX}
              step={1}
              defaultValue={intervals.data[service.id] ?? ''}
            />
          ))}
          <button type="submit" disabled={save.isPending} className={ownerButtonClass}>
            {T.saveIntervals}
          </button>
        </form>
      )}
      <p role="status" className="empty:hidden">
        {save.message}
      </p>
    </section>
  )
}
