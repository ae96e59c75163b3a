// The inbox's Prices view, /owner?view=prices (docs/decisions/053-quotes-and-jobs.md): one line per service for
// "Add from price list" and its typical prices for visitors (057-price-ranges.md), and the terms every new quote
// carries. Loaded with import() when opened; the owner page shows the quotes' calendar feed below it.
import { useHydrated } from '@tanstack/react-router'
import { useId, useState, type ComponentProps, type FormEvent } from 'react'
import { centsText } from '~/lib/money'
import { firstIssue } from '~/lib/text-fields'
import { checkPriceList, type PriceListInput } from './price-list-schema'
import { OWNER_PRICE_TEXTS as T } from './price-texts'
import { saveOwnerPrices, type PriceSettings } from './prices.functions'
import { PRICE_LIMITS } from './typical-price'
import { OwnerField, ownerInputClass as input } from '~/components/owner/owner-field'
import { ownerButtonClass } from '~/components/owner/owner-shell'
import { useOwnerWrite } from '~/components/owner/owner-write'

// An empty row more than the owner filled, at least three (one-story, two-story, large).
const rowCount = (filled: number) => Math.min(PRICE_LIMITS.ranges, Math.max(3, filled + 1))

export default function OwnerPrices({ loaded }: { loaded: PriceSettings }) {
  const id = useId()
  const [settings, setSettings] = useState(loaded)
  const [problem, setProblem] = useState<{ message: string; field: string } | null>(null)
  const hydrated = useHydrated()
  const save = useOwnerWrite((data: PriceListInput) => saveOwnerPrices({ data }), { said: T.saved, after: setSettings })

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const fields = new FormData(event.currentTarget)
    const data = {
      items: settings.prices.map((line) => ({
        serviceId: line.serviceId,
        description: String(fields.get(`${line.serviceId}-description`) ?? ''),
        price: String(fields.get(`${line.serviceId}-price`) ?? ''),
        minimum: String(fields.get(`${line.serviceId}-minimum`) ?? ''),
        ranges: Array.from({ length: rowCount(line.ranges.length) }, (_, row) => ({
          size: String(fields.get(`${line.serviceId}-size-${row}`) ?? ''),
          low: String(fields.get(`${line.serviceId}-low-${row}`) ?? ''),
          high: String(fields.get(`${line.serviceId}-high-${row}`) ?? ''),
        })),
      })),
      terms: String(fields.get('terms') ?? ''),
      rule: String(fields.get('rule') ?? ''),
    }
    const checked = checkPriceList(data)
    setProblem(checked.success ? null : firstIssue(checked.issues))
    if (checked.success) save.mutate(data)
  }
  const invalid = (field: string) =>
    problem?.field === field ? { 'aria-invalid': true, 'aria-describedby': `${id}-problem` } : {}

  return (
    <>
      <form method="post" onSubmit={submit} noValidate aria-labelledby={`${id}-heading`} className="mt-6 grid gap-3">
        <h2 id={`${id}-heading`} className="text-xl font-bold">
          {T.pricesHeading}
        </h2>
        <p className="text-slate-700">{T.pricesHelp}</p>
        <p className="text-slate-700">{T.typicalHelp}</p>
        {settings.prices.map((line, index) => {
          // One field of the line: `<service>-<name>` in the form, `items.<index>.<path>` in the schema's issues.
          const field = (name: string, path: string, props: ComponentProps<'input'> & { label: string }) => (
            <OwnerField
              id={`${id}-${line.serviceId}-${name}`}
              name={`${line.serviceId}-${name}`}
              {...props}
              {...invalid(`items.${index}.${path}`)}
            />
          )
          const amount = (name: string, path: string, label: string, cents: number | null | undefined) =>
            field(name, path, { label, defaultValue: centsText(cents), inputMode: 'decimal', autoComplete: 'off' })
          return (
            <fieldset key={line.serviceId} className="grid gap-2 rounded-lg border border-slate-300 p-3">
              <legend className="sr-only">{line.description}</legend>
              {field('description', 'description', {
                label: T.description,
                defaultValue: line.description,
                maxLength: PRICE_LIMITS.description,
              })}
              {amount('price', 'price', T.startingPrice, line.startingCents)}
              {amount('minimum', 'minimum', T.minimum, line.minimumCents)}
              {Array.from({ length: rowCount(line.ranges.length) }, (_, row) => (
                <div key={row} className="grid grid-cols-[2fr_1fr_1fr] gap-2">
                  <div className="grid gap-1">
                    {field(`size-${row}`, `ranges.${row}.size`, {
                      label: T.size(row + 1),
                      defaultValue: line.ranges[row]?.size ?? '',
                      maxLength: PRICE_LIMITS.size,
                      autoComplete: 'off',
                    })}
                  </div>
                  <div className="grid gap-1">
                    {amount(`low-${row}`, `ranges.${row}.low`, T.low, line.ranges[row]?.lowCents)}
                  </div>
                  <div className="grid gap-1">
                    {amount(`high-${row}`, `ranges.${row}.high`, T.high, line.ranges[row]?.highCents)}
                  </div>
                </div>
              ))}
            </fieldset>
          )
        })}
        <OwnerField
          label={T.rule}
          id={`${id}-rule`}
          name="rule"
          defaultValue={settings.rule}
          maxLength={PRICE_LIMITS.rule}
          {...invalid('rule')}
        />
        <OwnerField
          label={T.terms}
          hint={{ id: `${id}-terms-help`, text: T.termsHelp, className: '-mt-2 text-sm text-slate-700' }}
          id={`${id}-terms`}
          name="terms"
          rows={10}
          defaultValue={settings.terms}
          maxLength={PRICE_LIMITS.terms}
          aria-describedby={`${id}-terms-help`}
          className={`${input} p-2`}
        />
        {problem && (
          <p id={`${id}-problem`} role="alert" className="font-semibold text-red-800">
            {problem.message}
          </p>
        )}
        <button type="submit" disabled={!hydrated || save.isPending} className={ownerButtonClass}>
          {T.save}
        </button>
      </form>
      <p role="status" className="mt-3 empty:hidden">
        {save.message}
      </p>
    </>
  )
}
