import { useEffect, useId, useRef, useState } from 'react'
import { revalidateLogic, useForm } from '@tanstack/react-form'
import { Link, useLocation } from '@tanstack/react-router'
import * as v from 'valibot'
import { showToast } from '~/lib/toast'
import { QUOTE_MESSAGES, quoteRequestSchema, quoteResponseToast, type QuoteSubmitResponse } from '~/lib/quote-schema'
import { issueQuoteFormToken, renderedQuoteFormToken, submitQuoteRequest } from '~/lib/quote.functions'
import { playConfetti } from '~/lib/confetti'
import { site } from '~/content/site'
import { privacyLink } from '~/content/navigation'
import { QUOTE_FALLBACK_ACTION, QUOTE_FORM_TOKEN_NAME, QUOTE_HONEYPOT_NAME } from '../../lib/quote-form-constants'

const fields = [
  { name: 'firstName', label: 'First Name', type: 'text', autoComplete: 'given-name', inputMode: 'text' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email', inputMode: 'email' },
  { name: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel', inputMode: 'tel' },
] as const

type FieldName = (typeof fields)[number]['name']

function fieldErrors(value: Record<FieldName, string>) {
  const result = v.safeParse(quoteRequestSchema, value)
  if (result.success) return undefined
  const errors: Partial<Record<FieldName, string>> = {}
  for (const issue of result.issues) {
    const key = issue.path?.[0]?.key as FieldName | undefined
    if (key && !errors[key]) errors[key] = issue.message
  }
  return { fields: errors }
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

/** Takes over what the visitor typed before hydration. */
export default function QuoteFormFields() {
  const formId = useId()
  const sourcePage = useLocation({ select: (location) => location.href })
  // One key for a submission's retries; a new one after success.
  const submissionKey = useRef<string>('')
  const formToken = useRef<Promise<string | null> | null>(null)
  const [honeypot, setHoneypot] = useState('')
  const formRef = useRef<HTMLFormElement>(null)
  const tokenInputId = `${formId}-token`
  // Any other value would empty the field on hydration.
  const [renderedFormToken] = useState(() => renderedQuoteFormToken() || serverRenderedValue(tokenInputId))
  const requestFormToken = () => {
    // Offline: the rendered token is older but genuine.
    formToken.current ??= issueQuoteFormToken().catch(() => renderedFormToken || null)
  }
  const [interactive, setInteractive] = useState(false)

  useEffect(() => {
    submissionKey.current = newSubmissionKey()
    setInteractive(true)
    const elements = formRef.current?.elements
    // Typed into before hydration: the rendered token predates the typing.
    const typedEarly = fields.some(({ name }) => (elements?.namedItem(name) as HTMLInputElement | null)?.value)
    if (typedEarly && renderedFormToken) formToken.current = Promise.resolve(renderedFormToken)
    for (const { name } of fields) {
      const input = elements?.namedItem(name)
      if (input instanceof HTMLInputElement && input.value && input.value !== form.getFieldValue(name)) {
        form.setFieldValue(name, input.value)
      }
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  const form = useForm({
    defaultValues: { firstName: '', email: '', phone: '' },
    validationLogic: revalidateLogic({ mode: 'submit', modeAfterSubmission: 'change' }),
    validators: { onDynamic: ({ value }) => fieldErrors(value) },
    onSubmitInvalid: ({ value }) => {
      if (Object.values(value).some((field) => field.trim() === '')) {
        void showToast('error', QUOTE_MESSAGES.missingFields.title, QUOTE_MESSAGES.missingFields.description)
      }
      requestAnimationFrame(() => {
        formRef.current?.querySelector<HTMLInputElement>('input[aria-invalid="true"]')?.focus()
      })
    },
    onSubmit: async ({ value, formApi }) => {
      const trimmed = v.parse(quoteRequestSchema, value)
      let response: QuoteSubmitResponse | null = null
      try {
        requestFormToken()
        response = await submitQuoteRequest({
          data: {
            ...trimmed,
            company: honeypot,
            formToken: await formToken.current,
            idempotencyKey: submissionKey.current || newSubmissionKey(),
            sourcePage: sourcePage.slice(0, 200),
          },
        })
      } catch (error) {
        console.error('Quote request failed', error)
        response = null
      }
      const message = quoteResponseToast(response)
      if (message.variant === 'success') {
        void showToast('success', message.title, message.description)
        formApi.reset()
        setHoneypot('')
        submissionKey.current = newSubmissionKey()
        formToken.current = null
        void playConfetti()
      } else {
        void showToast(message.variant === 'destructive' ? 'error' : 'warning', message.title, message.description)
      }
    },
  })

  return (
    <form
      ref={formRef}
      noValidate
      method="post"
      action={QUOTE_FALLBACK_ACTION}
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
      {fields.map((field) => (
        <form.Field key={field.name} name={field.name as FieldName}>
          {(fieldApi) => {
            const inputId = `${formId}-${field.name}`
            const errorId = `${inputId}-error`
            const errorText = fieldApi.state.meta.errors[0]
            return (
              <div>
                <label htmlFor={inputId} className="block text-sm font-semibold text-slate-800">
                  {field.label}
                </label>
                <input
                  id={inputId}
                  name={field.name}
                  type={field.type}
                  inputMode={field.inputMode}
                  autoComplete={field.autoComplete}
                  required
                  aria-required="true"
                  aria-invalid={errorText ? true : undefined}
                  aria-describedby={errorText ? errorId : undefined}
                  value={fieldApi.state.value}
                  onChange={(event) => fieldApi.handleChange(event.target.value)}
                  onBlur={fieldApi.handleBlur}
                  className="mt-1 block min-h-11 w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 focus:border-brand-600 aria-invalid:border-red-700"
                />
                {errorText ? (
                  <p id={errorId} className="mt-1 text-sm font-medium text-red-700">
                    {errorText}
                  </p>
                ) : null}
              </div>
            )
          }}
        </form.Field>
      ))}

      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor={`${formId}-hp`}>Leave this field empty</label>
        <input
          id={`${formId}-hp`}
          name={QUOTE_HONEYPOT_NAME}
          type="text"
          tabIndex={-1}
          autoComplete="off"
          value={honeypot}
          onChange={(event) => setHoneypot(event.target.value)}
        />
      </div>

      <input type="hidden" name="sourcePage" value={sourcePage.slice(0, 200)} />
      <input type="hidden" id={tokenInputId} name={QUOTE_FORM_TOKEN_NAME} defaultValue={renderedFormToken} />

      <form.Subscribe selector={(state) => state.isSubmitting}>
        {(isSubmitting) => (
          <button
            type="submit"
            disabled={isSubmitting}
            className="min-h-12 w-full rounded-full bg-brand-700 px-6 text-lg font-bold text-white shadow hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-70"
          >
            {isSubmitting ? 'Sending...' : 'Get My Free Quote'}
          </button>
        )}
      </form.Subscribe>
      <p className="text-center text-sm text-slate-600">
        <Link to="/contact" hash={privacyLink.anchor} className="font-semibold text-brand-800 underline">
          {privacyLink.label}
        </Link>
      </p>
      <p className="text-center text-sm text-slate-600">
        Prefer to talk?{' '}
        <a href={site.phoneHref} className="font-semibold text-brand-800 underline">
          Call {site.phone}
        </a>
      </p>
    </form>
  )
}
