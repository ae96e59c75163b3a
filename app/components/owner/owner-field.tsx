// The owner's forms' field: a label tied to its control, an optional hint between them. The control is an input,
// a textarea when it has rows, a select when it has options; it takes every other prop as given.
import type { ComponentProps, ReactNode } from 'react'

export const ownerInputClass =
  'min-h-11 w-full rounded-lg border border-slate-500 px-2 focus-visible:outline-3 focus-visible:outline-brand-700 aria-invalid:border-red-700'

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

export function OwnerField({ label, labelClassName = 'font-semibold', hint, options, ...control }: FieldProps) {
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
        <select {...(control as ComponentProps<'select'>)}>
          {options.map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </select>
      ) : control.rows === undefined ? (
        <input {...(control as ComponentProps<'input'>)} />
      ) : (
        <textarea {...(control as ComponentProps<'textarea'>)} />
      )}
    </>
  )
}
