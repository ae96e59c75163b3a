import { Fragment, type ChangeEvent, type FormEventHandler, type ReactNode, type Ref } from 'react'
import { Link } from '@tanstack/react-router'
import { site } from '~/content/site'
import { privacyLink } from '~/content/navigation'
import { serviceList } from '~/content/service-list'
import { HEARD_ABOUT, HEARD_ABOUT_LABELS, HEARD_ABOUT_QUESTION } from '~/features/leads/lead-source-constants'
import { VISIT_SOURCE_FIELD } from '~/features/leads/visit-source-constants'
import { SHOW_PRICE_INTENT, TYPICAL_PRICE_TEXTS } from '~/features/prices'
import {
  PREFERRED_TIME_LABELS,
  PREFERRED_TIMES,
  LEAD_FALLBACK_ACTION,
  LEAD_FORM_TOKEN_NAME,
  LEAD_HONEYPOT_NAME,
  type LeadFieldName,
} from '~/features/leads/lead-form-constants'

// The markup only, in the form's own chunk: the server form and the enhanced form (lead-form-fields.tsx)
// are one markup, so hydrating moves nothing; lead-form.tsx holds the place of a form React replaced.

interface Field {
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
const firstFields: Field[] = [
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

const addressFields: Field[] = [
  { name: 'street', label: 'Street address', optional: true, type: 'text', autoComplete: 'address-line1' },
  { name: 'zip', label: 'ZIP code', optional: true, type: 'text', autoComplete: 'postal-code', inputMode: 'numeric' },
]

const heardAboutField: Field = {
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

export type RenderLeadField = (name: LeadFieldName, render: (binding: LeadFieldBinding) => ReactNode) => ReactNode

export interface LeadFormViewProps {
  formId: string
  renderField: RenderLeadField
  formRef?: Ref<HTMLFormElement>
  interactive?: boolean
  submitting?: boolean
  honeypot: LeadFieldBinding
  sourcePage: string
  formToken: string
  onFocus?: () => void
  onInput?: () => void
  onSubmit?: FormEventHandler<HTMLFormElement>
  /** The chosen service's size choice and typical price, once the form's code has read them (decision 057). */
  size?: ReactNode
  price?: ReactNode
}

const inputClass =
  'mt-1 block min-h-11 w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 focus:border-brand-600 aria-invalid:border-red-700'

const bound = ({ value, onChange }: LeadFieldBinding) => ({
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

function PreferredTimeInput({ formId, binding }: { formId: string; binding: LeadFieldBinding }) {
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

export function LeadFormView({
  formId,
  renderField,
  formRef,
  interactive,
  submitting,
  honeypot,
  sourcePage,
  formToken,
  onFocus,
  onInput,
  onSubmit,
  size,
  price,
}: LeadFormViewProps) {
  const fields = (list: Field[]) =>
    list.map((field) => (
      <Fragment key={field.name}>
        {renderField(field.name, (binding) => (
          <LeadField field={field} formId={formId} binding={binding} />
        ))}
      </Fragment>
    ))
  return (
    <form
      ref={formRef}
      noValidate
      method="post"
      action={LEAD_FALLBACK_ACTION}
      data-interactive={interactive ? 'true' : undefined}
      className="mt-6 space-y-4"
      onFocus={onFocus}
      onInput={onInput}
      onSubmit={onSubmit}
    >
      {fields(firstFields)}
      {size}
      <div aria-live="polite" className="empty:hidden">
        {price}
      </div>
      <div className="grid gap-4 sm:grid-cols-[1fr_9rem]">{fields(addressFields)}</div>
      {renderField('preferredTime', (binding) => (
        <PreferredTimeInput formId={formId} binding={binding} />
      ))}
      {fields([heardAboutField])}

      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor={`${formId}-hp`}>Leave this field empty</label>
        <input
          id={`${formId}-hp`}
          name={LEAD_HONEYPOT_NAME}
          type="text"
          tabIndex={-1}
          autoComplete="off"
          {...bound(honeypot)}
        />
      </div>

      <input type="hidden" name="sourcePage" value={sourcePage} />
      {/* Filled from sessionStorage as a plain post leaves (early-typing.ts); the enhanced form sends it itself. */}
      <input type="hidden" name={VISIT_SOURCE_FIELD} defaultValue="" />
      <input type="hidden" id={`${formId}-token`} name={LEAD_FORM_TOKEN_NAME} defaultValue={formToken} />

      <button
        type="submit"
        disabled={submitting}
        className="min-h-12 w-full rounded-full bg-brand-700 px-6 text-lg font-bold text-white shadow hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-70"
      >
        {submitting ? 'Sending...' : 'Get My Free Quote'}
      </button>
      {/* Without scripts the price cannot follow the choice, so this posts it. After the main button: Enter in a
          field still sends the request. */}
      <noscript className="block">
        <button
          type="submit"
          name={SHOW_PRICE_INTENT.name}
          value={SHOW_PRICE_INTENT.value}
          className="min-h-11 w-full rounded-full border border-brand-700 px-6 font-semibold text-brand-800"
        >
          {TYPICAL_PRICE_TEXTS.showPrice}
        </button>
      </noscript>
      <p className="text-center text-sm text-slate-600">
        <Link to="/contact" hash={privacyLink.anchor} className="target-24 font-semibold text-brand-800 underline">
          {privacyLink.label}
        </Link>
      </p>
      <p className="text-center text-sm text-slate-600">
        Prefer to talk?{' '}
        <a href={site.phoneHref} className="font-semibold text-brand-800 underline">
          {`Call ${site.phone}`}
        </a>
      </p>
    </form>
  )
}
