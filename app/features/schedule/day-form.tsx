// The accepted quote's day (docs/decisions/063-owner-day.md): the dates offered as radio buttons in one plain form
// posted to /quote/<token>/day, no calendar and no script (decision 024), or what was asked.
import { useId } from 'react'
import { DAY_FIELDS as F, DAY_PAGE_TEXTS as T, longDay, TIME_WINDOWS, type DayOffer } from './schedule'

const button =
  'inline-flex min-h-11 w-full items-center justify-center rounded-lg px-4 font-semibold sm:w-auto focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-900'

/** Null when the page says it itself ("We will call you to set the day"). */
export function DayChoice({ token, offer }: { token: string; offer: DayOffer }) {
  const id = useId()
  if (offer.state === 'call') return null
  if (offer.state === 'requested') return <p className="mt-1 font-semibold">{T.requested(offer.day, offer.window)}</p>
  if (offer.state === 'none-work') return <p className="mt-1">{T.noneSent}</p>
  return (
    <form
      method="post"
      action={`/quote/${token}/day`}
      aria-labelledby={`${id}-heading`}
      className="mt-3 rounded-lg bg-white p-3 text-slate-900 ring-1 ring-slate-200"
    >
      <h2 id={`${id}-heading`} className="text-lg font-bold">
        {T.heading}
      </h2>
      <fieldset className="mt-2">
        <legend className="font-semibold">{T.legend}</legend>
        {offer.days.map((day) => (
          <fieldset key={day} className="mt-3">
            <legend className="font-semibold">{longDay(day)}</legend>
            <div className="mt-1 flex flex-wrap gap-2">
              {TIME_WINDOWS.map((window) => (
                <label
                  key={window}
                  className="flex min-h-11 flex-1 basis-40 cursor-pointer items-center gap-2 rounded-lg border border-slate-400 px-3"
                >
                  <input
                    type="radio"
                    name={F.choice}
                    value={`${day} ${window}`}
                    required
                    className="size-5 shrink-0 accent-brand-700"
                  />
                  <span>
                    <span className="sr-only">{longDay(day)}, </span>
                    {T[window]}
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
        ))}
      </fieldset>
      <div className="mt-4 flex flex-wrap gap-3">
        <button
          type="submit"
          name={F.intent}
          value="ask"
          className={`${button} bg-brand-700 text-white hover:bg-brand-800`}
        >
          {T.ask}
        </button>
        <button
          type="submit"
          name={F.intent}
          value="none"
          formNoValidate
          className={`${button} border border-brand-700 bg-white text-brand-800 hover:bg-brand-50`}
        >
          {T.noneWork}
        </button>
      </div>
    </form>
  )
}
