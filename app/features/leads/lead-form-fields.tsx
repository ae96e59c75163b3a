import { lazy, Suspense, useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react'
import { revalidateLogic, useForm, useStore } from '@tanstack/react-form'
import { Link, useLocation } from '@tanstack/react-router'
import * as v from 'valibot'
import { showToast } from '~/lib/page/toast'
import { LEAD_MESSAGES, leadRequestSchema, leadResponseToast, type LeadSubmitResponse } from './lead-schema'
import { issueLeadFormToken, renderedLeadFormToken, submitLead } from '~/features/leads/leads.functions'
import { playConfetti } from '~/features/leads/confetti'
import { visitSourceText } from '~/features/leads/visit-source'
import { privacyLink } from '~/content/navigation'
import { site } from '~/content/site'
import { VISIT_SOURCE_FIELD } from '~/features/leads/visit-source-constants'
import {
  LEAD_FALLBACK_ACTION,
  LEAD_FIELD_NAMES,
  LEAD_FORM_TOKEN_NAME,
  LEAD_HONEYPOT_NAME,
  type LeadFieldName,
  type LeadFormInitial,
  type LeadFormValues,
} from '~/features/leads/lead-form-constants'
import { restoreFocus, type EarlyTyping } from './early-typing'
import {
  addressFields,
  bound,
  firstFields,
  heardAboutField,
  LeadField,
  PreferredTimeInput,
  type Field,
  type LeadFieldBinding,
} from './lead-form-view'
import type { ServiceId } from '~/content/types'
import { hasSizes, rangeFor, SHOW_PRICE_INTENT, TYPICAL_PRICE_TEXTS, type TypicalPrice } from '~/features/prices'
import { fetchTypicalPrice, TypicalPriceFacts } from '~/features/prices'
import { TextUsAfterRequest } from './text-us-after-request'

// Only after a lead is stored: no page's first load carries the photo code.
const LeadPhotoUpload = lazy(() => import('./lead-photo-upload'))

const REQUIRED_FIELDS = ['firstName', 'email', 'phone'] as const satisfies readonly LeadFieldName[]

const emptyValues = Object.fromEntries(LEAD_FIELD_NAMES.map((name) => [name, ''])) as LeadFormValues

function fieldErrors(value: LeadFormValues) {
  const result = v.safeParse(leadRequestSchema, value)
  if (result.success) return undefined
  const { nested = {} } = v.flatten<typeof leadRequestSchema>(result.issues)
  return { fields: Object.fromEntries(Object.entries(nested).map(([name, messages]) => [name, messages[0]])) }
}

function serverRenderedValue(id: string): string {
  if (typeof document === 'undefined') return ''
  const input = document.getElementById(id)
  return input instanceof HTMLInputElement ? input.value : ''
}

function newSubmissionKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`
}

/** Takes over what the visitor typed before its code ran (early-typing.ts). */
export default function LeadFormFields({ early, initial }: { early: EarlyTyping; initial?: LeadFormInitial }) {
  const formId = useId()
  const sourcePage = useLocation({ select: (location) => location.href })
  // One key for a submission's retries; a new one after success.
  const submissionKey = useRef<string>('')
  const formToken = useRef<Promise<string | null> | null>(null)
  const [honeypot, setHoneypot] = useState('')
  const formRef = useRef<HTMLFormElement>(null)
  // Any other value would empty the field on hydration.
  const [renderedFormToken] = useState(
    () => renderedLeadFormToken() || early.values[LEAD_FORM_TOKEN_NAME] || serverRenderedValue(`${formId}-token`),
  )
  const requestFormToken = () => {
    // Offline: the rendered token is older but genuine.
    formToken.current ??= issueLeadFormToken().catch(() => renderedFormToken || null)
  }
  const [interactive, setInteractive] = useState(false)
  // Once sent, what the success state offers: "Text us" naming the town of the page the last request was sent
  // from, and adding photos with the stored lead's one-time token.
  const [sent, setSent] = useState<{ from: string; photoToken: string | null } | null>(null)
  // The server's word on a field, shown beside it until the visitor changes that field.
  const [serverErrors, setServerErrors] = useState<Partial<Record<LeadFieldName, string>>>(initial?.errors ?? {})

  useLayoutEffect(() => restoreFocus(formRef.current, early), [early])

  useEffect(() => {
    submissionKey.current = newSubmissionKey()
    setInteractive(true)
    const elements = formRef.current?.elements
    const domValue = (name: string) => {
      const item = elements?.namedItem(name)
      if (item instanceof HTMLInputElement || item instanceof HTMLSelectElement) return item.value
      if (item instanceof RadioNodeList) return item.value
      return undefined
    }
    const typed = (name: string) => early.values[name] ?? domValue(name)
    // Typed into before hydration: the rendered token predates the typing.
    const typedEarly = REQUIRED_FIELDS.some((name) => typed(name) && typed(name) !== initial?.values[name])
    if (typedEarly && renderedFormToken) formToken.current = Promise.resolve(renderedFormToken)
    for (const name of LEAD_FIELD_NAMES) {
      const value = typed(name)
      if (value !== undefined && value !== form.getFieldValue(name)) form.setFieldValue(name, value)
    }
    const trap = typed(LEAD_HONEYPOT_NAME)
    if (trap) setHoneypot(trap)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  const form = useForm({
    defaultValues: { ...emptyValues, ...initial?.values },
    validationLogic: revalidateLogic({ mode: 'submit', modeAfterSubmission: 'change' }),
    validators: { onDynamic: ({ value }) => fieldErrors(value) },
    onSubmitInvalid: ({ value }) => {
      if (REQUIRED_FIELDS.some((name) => value[name].trim() === '')) {
        void showToast('error', LEAD_MESSAGES.missingFields.title, LEAD_MESSAGES.missingFields.description)
      }
      requestAnimationFrame(() => {
        formRef.current?.querySelector<HTMLInputElement>('input[aria-invalid="true"]')?.focus()
      })
    },
    onSubmit: async ({ value, formApi }) => {
      const trimmed = v.parse(leadRequestSchema, value)
      let response: LeadSubmitResponse | null = null
      try {
        requestFormToken()
        response = await submitLead({
          data: {
            ...trimmed,
            company: honeypot,
            formToken: await formToken.current,
            idempotencyKey: submissionKey.current || newSubmissionKey(),
            sourcePage: sourcePage.slice(0, 200),
            visitSource: visitSourceText(),
          },
        })
      } catch (error) {
        console.error('Quote request failed', error)
        response = null
      }
      const message = leadResponseToast(response)
      void showToast(message.variant, message.title, message.description)
      if (message.variant === 'success') {
        setSent({ from: sourcePage, photoToken: response?.success ? (response.photoToken ?? null) : null })
        // Empty, keeping the defaults: on a refused plain post's page (decision 046) they are the refused values,
        // and a changed default would put them back on the next render.
        formApi.reset(emptyValues, { keepDefaultValues: true })
        setHoneypot('')
        setServerErrors({})
        submissionKey.current = newSubmissionKey()
        formToken.current = null
        void playConfetti()
      } else {
        const field = response && !response.success ? response.field : undefined
        if (field && response && !response.success) {
          setServerErrors({ [field]: response.error })
          requestAnimationFrame(() => formRef.current?.querySelector<HTMLInputElement>(`[name="${field}"]`)?.focus())
        }
      }
    },
  })
  const submitting = useStore(form.store, (state) => state.isSubmitting)
  const service = useStore(form.store, (state) => state.values.service)
  const size = useStore(form.store, (state) => state.values.size)
  // Asked once a service is chosen, so no page's first load carries prices (decision 057); without JavaScript the
  // price button posts the form and it comes back with the price (`initial.price`).
  const [price, setPrice] = useState<{ service: string; price: TypicalPrice | null }>(() => ({
    service: initial?.price === undefined ? '' : (initial.values.service ?? ''),
    price: initial?.price ?? null,
  }))
  useEffect(() => {
    if (!service) return
    let current = true
    const show = (found: TypicalPrice | null) => current && setPrice({ service, price: found })
    fetchTypicalPrice({ data: service as ServiceId }).then(show, () => show(null))
    return () => void (current = false)
  }, [service])
  const shown = price.service === service ? price.price : null
  const range = rangeFor(shown, size)
  const renderField = (name: LeadFieldName, render: (binding: LeadFieldBinding) => ReactNode) => (
    <form.Field key={name} name={name}>
      {(field) =>
        render({
          value: field.state.value,
          onChange: (value) => {
            if (serverErrors[name]) setServerErrors(({ [name]: _, ...rest }) => rest)
            field.handleChange(value)
          },
          onBlur: field.handleBlur,
          error: field.state.meta.errors[0] ?? serverErrors[name],
        })
      }
    </form.Field>
  )
  const fields = (list: Field[]) =>
    list.map((field) =>
      renderField(field.name, (binding) => <LeadField field={field} formId={formId} binding={binding} />),
    )

  return (
    <>
      <form
        ref={formRef}
        noValidate
        method="post"
        action={LEAD_FALLBACK_ACTION}
        data-interactive={interactive ? 'true' : undefined}
        className="mt-6 space-y-4"
        onFocus={requestFormToken}
        onInput={requestFormToken}
        onSubmit={(event) => {
          event.preventDefault()
          event.stopPropagation()
          void form.handleSubmit()
        }}
      >
        {fields(firstFields)}
        {/* The chosen service's size choice and typical price, once they are read (decision 057). */}
        {shown &&
          hasSizes(shown) &&
          renderField('size', (binding) => (
            <LeadField
              formId={formId}
              field={{
                name: 'size',
                label: TYPICAL_PRICE_TEXTS.sizeQuestion,
                optional: true,
                choices: shown.ranges.map((range) => ({ value: range.size, label: range.size })),
              }}
              binding={binding}
            />
          ))}
        <div aria-live="polite" className="empty:hidden">
          {shown && <TypicalPriceFacts price={shown} ranges={range ? [range] : []} />}
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
            {...bound({ value: honeypot, onChange: setHoneypot })}
          />
        </div>

        <input type="hidden" name="sourcePage" value={sourcePage.slice(0, 200)} />
        {/* Filled from sessionStorage as a plain post leaves (early-typing.ts); the enhanced form sends it itself. */}
        <input type="hidden" name={VISIT_SOURCE_FIELD} defaultValue="" />
        <input type="hidden" id={`${formId}-token`} name={LEAD_FORM_TOKEN_NAME} defaultValue={renderedFormToken} />

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
      {sent && <TextUsAfterRequest page={sent.from} />}
      {sent?.photoToken ? (
        <Suspense fallback={null}>
          <LeadPhotoUpload key={sent.photoToken} token={sent.photoToken} />
        </Suspense>
      ) : null}
    </>
  )
}
