import type { ChangeEvent } from 'react'
import { serviceList } from '~/content/service-list'
import { HEARD_ABOUT, HEARD_ABOUT_LABELS, HEARD_ABOUT_QUESTION } from '~/features/leads/lead-source-constants'
import { PREFERRED_TIME_LABELS, PREFERRED_TIMES, type LeadFieldName } from '~/features/leads/lead-form-constants'

// The form's fields, in its own chunk with the form (lead-form-fields.tsx): the server form and the enhanced form
// are one markup, so hydrating moves nothing; lead-form.tsx holds the place of a form React replaced.

export interface Field {
  name: LeadFieldName
  label: string
  optional?: boolean
  /** A select's choices, after "Choose one"; without them the field is an input of `type`. */
  choices?: { value: string; label: string }[]
  type?: 'text' | 'email' | 'tel'
  autoComplete?: string
  /** The type's own keyboard unless said. */
  inputMode?: 'numeric'
}

// Contact, then the service whose typical price shows below it.
export const firstFields: Field[] = [
  { name: 'firstName', label: 'First Name', type: 'text', autoComplete: 'given-name' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel' },
  {
    name: 'service',
    label: 'Service',
    optional: true,
    choices: serviceList.map(({ id, title }) => ({ value: id, label: title })),
  },
]

export const addressFields: Field[] = [
  { name: 'street', label: 'Street address', optional: true, type: 'text', autoComplete: 'address-line1' },
  { name: 'zip', label: 'ZIP code', optional: true, type: 'text', autoComplete: 'postal-code', inputMode: 'numeric' },
]

export const heardAboutField: Field = {
  name: 'heardAbout',
  label: HEARD_ABOUT_QUESTION,
  optional: true,
  choices: HEARD_ABOUT.map((answer) => ({ value: answer, label: HEARD_ABOUT_LABELS[answer] })),
}

/** A field's value and events, from the form's state. */
export interface LeadFieldBinding {
  value: string
  onChange: (value: string) => void
  onBlur?: () => void
  error?: string
}

const inputClass =
  'mt-1 block min-h-11 w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 focus:border-brand-600 aria-invalid:border-red-700'

export const bound = ({ value, onChange }: LeadFieldBinding) => ({
  value,
  onChange: (event: ChangeEvent<{ value: string }>) => onChange(event.target.value),
})

function FieldError({ id, text }: { id: string; text?: string }) {
  return text ? (
    <p id={id} className="mt-1 text-sm font-medium text-red-700">
      {text}
    </p>
  ) : null
}

function Optional() {
  return <span className="font-normal text-slate-600"> (optional)</span>
}

/** An input, or a select when the field has choices: its label above, its error below. */
export function LeadField({ field, formId, binding }: { field: Field; formId: string; binding: LeadFieldBinding }) {
  const { name, label, optional, choices } = field
  const id = `${formId}-${name}`
  const errorId = `${id}-error`
  const control = {
    id,
    name,
    ...bound(binding),
    onBlur: binding.onBlur,
    'aria-invalid': binding.error ? true : undefined,
    'aria-describedby': binding.error ? errorId : undefined,
    className: inputClass,
  }
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
        {label}
        {optional ? <Optional /> : null}
      </label>
      {choices ? (
        <select {...control}>
          <option value="">Choose one</option>
          {choices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
      ) : (
        <input
          {...control}
          type={field.type}
          inputMode={field.inputMode ?? field.type}
          autoComplete={field.autoComplete}
          required={!optional}
          aria-required={optional ? undefined : 'true'}
        />
      )}
      <FieldError id={errorId} text={binding.error} />
    </div>
  )
}

export function PreferredTimeInput({ formId, binding }: { formId: string; binding: LeadFieldBinding }) {
  const errorId = `${formId}-preferredTime-error`
  const { value, onChange, onBlur, error } = binding
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-semibold text-slate-800">
        Preferred time
        <Optional />
      </legend>
      <div className="mt-1 grid grid-cols-3 gap-2">
        {PREFERRED_TIMES.map((time) => (
          <label
            key={time}
            className="flex min-h-11 cursor-pointer items-center justify-center gap-2 rounded-lg border border-slate-400 bg-white px-2 text-sm font-medium text-slate-800 has-checked:border-brand-700 has-checked:bg-brand-50 has-focus-visible:outline-2 has-focus-visible:outline-brand-700"
          >
            <input
              type="radio"
              name="preferredTime"
              value={time}
              className="size-4 accent-brand-700"
              checked={value === time}
              onChange={() => onChange(time)}
              onBlur={onBlur}
            />
            {PREFERRED_TIME_LABELS[time]}
          </label>
        ))}
      </div>
      <FieldError id={errorId} text={error} />
    </fieldset>
  )
}
