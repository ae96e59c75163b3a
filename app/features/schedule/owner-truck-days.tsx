// The Truck days view (docs/decisions/063-owner-day.md): each city's weekdays, jobs per day, the home base, the
// name the "On my way" text signs with, and blocked dates; a warning for cities left with no date to offer.
import { useRouter } from '@tanstack/react-router'
import { useId, type FormEvent } from 'react'
import { citySlugs, cityNames } from '~/content/service-areas'
import {
  OwnerField,
  ownerMarkClass,
  ownerOutlineClass,
  pacificToday,
  WriteStatus,
} from '~/components/owner/owner-field'
import { useOwnerWrite } from '~/components/owner/owner-write'
import { ownerButtonClass } from '~/components/owner/owner-shell'
import { OWNER_DAY_TEXTS as T, longDay, WEEKDAY_NAMES } from './schedule'
import { blockOwnerDays, saveOwnerTruckDays, unblockOwnerDay } from './schedule.functions'
import type { TruckDaySettings } from './truck-days.server'

export function OwnerTruckDays({ loaded: settings }: { loaded: TruckDaySettings }) {
  const id = useId()
  const router = useRouter()
  const run = (call: () => Promise<unknown>) => call()
  const saved = { said: T.saved, after: () => router.invalidate() }
  // The settings' form and the blocked dates each say how their last write went.
  const settingsWrite = useOwnerWrite(run, saved)
  const blockWrite = useOwnerWrite(run, saved)
  function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const days = form.getAll('day').map((value) => {
      const [city, weekday] = String(value).split(':')
      return { city: city as (typeof citySlugs)[number], weekday: Number(weekday) }
    })
    const data = {
      jobsPerDay: String(form.get('jobsPerDay') ?? ''),
      homeBase: String(form.get('homeBase') ?? ''),
      senderName: String(form.get('senderName') ?? ''),
      days,
    }
    settingsWrite.mutate(() => saveOwnerTruckDays({ data }))
  }
  function block(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const data = { from: String(form.get('from') ?? ''), to: String(form.get('to') ?? '') }
    blockWrite.mutate(() => blockOwnerDays({ data }))
  }
  return (
    <>
      <h2 className="mt-6 text-xl font-bold">{T.truckDaysTitle}</h2>
      {settings.noDateCities.length > 0 && (
        <p role="alert" className={`mt-3 ${ownerMarkClass}`}>
          {T.noDates(settings.noDateCities)}
        </p>
      )}
      <form method="post" onSubmit={save} className="mt-4 grid gap-3">
        <OwnerField
          id={`${id}-jobs`}
          label={T.jobsPerDay}
          name="jobsPerDay"
          inputMode="numeric"
          defaultValue={settings.jobsPerDay ?? ''}
          hint={{ id: `${id}-jobs-hint`, text: T.jobsPerDayHelp }}
        />
        <OwnerField id={`${id}-home`} label={T.homeBase} name="homeBase" defaultValue={settings.homeBase} />
        <OwnerField id={`${id}-sender`} label={T.senderName} name="senderName" defaultValue={settings.senderName} />
        <p className="text-sm text-slate-700">{T.truckDaysHelp}</p>
        {citySlugs.map((slug) => (
          <fieldset key={slug} className="rounded-lg border border-slate-300 p-2">
            <legend className="px-1 font-semibold">{cityNames[slug]}</legend>
            <div className="flex flex-wrap gap-x-3">
              {WEEKDAY_NAMES.map((name, i) => (
                <label key={name} className="flex min-h-11 items-center gap-1">
                  <input
                    type="checkbox"
                    name="day"
                    value={`${slug}:${i + 1}`}
                    defaultChecked={settings.days[slug]?.includes(i + 1) ?? false}
                    className="size-5 accent-brand-700"
                  />
                  {name}
                </label>
              ))}
            </div>
          </fieldset>
        ))}
        <button type="submit" className={ownerButtonClass}>
          {T.save}
        </button>
        <WriteStatus>{settingsWrite.message}</WriteStatus>
      </form>
      <h3 className="mt-8 text-lg font-bold">{T.blockedTitle}</h3>
      <form method="post" onSubmit={block} className="mt-2 grid gap-2">
        <OwnerField id={`${id}-from`} label={T.blockedFrom} name="from" type="date" min={pacificToday()} required />
        <OwnerField id={`${id}-to`} label={T.blockedTo} name="to" type="date" min={pacificToday()} />
        <button type="submit" className={ownerOutlineClass}>
          {T.blockedAdd}
        </button>
        <WriteStatus>{blockWrite.message}</WriteStatus>
      </form>
      <ul className="mt-3 grid gap-2">
        {settings.blocked.map((day) => (
          <li key={day}>
            <button
              type="button"
              className={ownerOutlineClass}
              onClick={() => blockWrite.mutate(() => unblockOwnerDay({ data: { day } }))}
            >
              {T.blockedRemove(day)}
            </button>
            <span className="sr-only">{longDay(day)}</span>
          </li>
        ))}
      </ul>
    </>
  )
}
