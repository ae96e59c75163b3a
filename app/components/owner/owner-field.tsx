// The owner's forms' parts. A field: a label tied to its control, an optional hint between them; the control is an
// input, a textarea when it has rows, a select when it has options, in the house's look unless given a class.
import type { ComponentProps, ReactNode } from 'react'
import { TypedTextarea } from '~/components/ui/shown-value'

export const ownerInputClass =
  'min-h-11 w-full rounded-lg border border-slate-500 px-2 focus-visible:outline-3 focus-visible:outline-brand-700 aria-invalid:border-red-700'

/** An outlined button or link: the owner's second choice beside the filled one (ownerButtonClass). */
export const ownerOutlineClass =
  'inline-flex min-h-11 items-center justify-center rounded-lg border border-brand-700 px-3 font-semibold text-brand-800 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-900 disabled:opacity-60'
/** A fact the owner should notice on a card: a follow-up, money settling or to give back. */
export const ownerMarkClass = 'rounded bg-amber-100 px-2 py-0.5 text-sm text-amber-900'

/** Pacific today, as a day field's bound; the server checks it again on its own clock. */
export const pacificToday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(new Date())

type Control =
  | ({ rows?: undefined; options?: undefined } & ComponentProps<'input'>)
  | ({ rows: number; options?: undefined } & ComponentProps<'textarea'>)
  | ({ rows?: undefined; options: readonly (readonly [string, string])[] } & ComponentProps<'select'>)

type FieldProps = {
  id: string
  label: ReactNode
  labelClassName?: string
  hint?: { id: string; text: string; className?: string }
} & Control

export function OwnerField({
  label,
  labelClassName = 'font-semibold',
  hint,
  options,
  className = ownerInputClass,
  ...control
}: FieldProps) {
  return (
    <>
      <label htmlFor={control.id} className={labelClassName}>
        {label}
      </label>
      {hint && (
        <p id={hint.id} className={hint.className ?? 'text-sm text-slate-700'}>
          {hint.text}
        </p>
      )}
      {options ? (
        <select {...(control as ComponentProps<'select'>)} className={className}>
          {options.map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </select>
      ) : control.rows === undefined ? (
        <input {...(control as ComponentProps<'input'>)} className={className} />
      ) : (
        <TypedTextarea {...(control as ComponentProps<'textarea'> & { id: string })} className={className} />
      )}
    </>
  )
}

/** What an owner's write answered ("Saved", a refusal), read out when it changes; no room taken while empty. */
export function WriteStatus({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="text-sm empty:hidden">
      {children}
    </p>
  )
}

/** What a failed server function says to the owner. */
export const errorText = (error: unknown) => (error instanceof Error ? error.message : 'Something went wrong')
