// The quote page's two plain forms, posted to the page itself: "Accept quote" (the options ticked, the name, the
// agreement) and "Ask for changes". The server recomputes everything; the script only keeps the shown total in step
// with the ticked boxes (decision 024: a control works as HTML first).
import { useEffect, useId, useRef, useState, type ComponentProps } from 'react'
import { formatCents } from '~/lib/money'
import { quoteTotal, QUOTE_FORM_FIELDS as F, type QuotePageRefusal } from '~/features/quotes/quote'
import type { QuotePageView } from '~/features/quotes/quote-page.server'
import { QUOTE_ANSWER_LIMITS } from '~/features/quotes/quote-schema'
import { QUOTE_PAGE_TEXTS as T } from '~/features/quotes/quote-texts'
import { NoteAndTerms, ItemTable, Section } from './quote-parts'
import { TypedTextarea } from '~/components/ui/shown-value'

const field =
  'mt-1 block w-full min-h-11 rounded-lg border border-slate-500 bg-white px-3 py-2 text-base aria-invalid:border-red-700'
const button =
  'inline-flex min-h-11 w-full items-center justify-center rounded-lg px-4 font-semibold sm:w-auto focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-900'
const errorText = 'mt-1 text-sm font-semibold text-red-800'

function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p id={id} className={errorText}>
      {message}
    </p>
  ) : null
}

type TextFieldProps = { label: string; error?: string } & ComponentProps<'input'> & ComponentProps<'textarea'>

/** A label, its input (a textarea when it has rows) and the server's refusal of it. */
function TextField({ label, error, ...control }: TextFieldProps) {
  const errorId = `${control.id}-error`
  const Control = control.rows ? TypedTextarea : 'input'
  return (
    <>
      <label htmlFor={control.id} className="mt-3 block font-semibold">
        {label}
      </label>
      <Control
        {...control}
        id={control.id!}
        className={field}
        {...(error && { 'aria-invalid': true, 'aria-describedby': errorId })}
      />
      <FieldError id={errorId} message={error} />
    </>
  )
}

/** The options ticked: the form's own values, read at each change. */
const tickedIn = (form: HTMLFormElement) => new Set(Array.from(new FormData(form).getAll(F.option), String))

export function QuoteAcceptForm({ view, refusal }: { view: QuotePageView; refusal: QuotePageRefusal | null }) {
  const id = useId()
  const form = useRef<HTMLFormElement>(null)
  const [chosen, setChosen] = useState(() => new Set(refusal?.values.chosen ?? []))
  // Boxes ticked before the script ran count too.
  useEffect(() => setChosen(tickedIn(form.current!)), [])
  const required = view.items.filter((item) => !item.optional)
  const optional = view.items.filter((item) => item.optional)
  const ticked = optional.filter((item) => chosen.has(item.id)).length
  const errors = refusal?.errors ?? {}
  return (
    <form ref={form} method="post" action={`/quote/${view.token}`} aria-labelledby={`${id}-accept`}>
      <input type="hidden" name={F.version} value={view.version} />
      <input type="hidden" name={F.hash} value={view.hash} />
      {refusal?.message && (
        <p role="alert" className="mt-4 rounded-lg bg-amber-50 p-3 font-semibold text-amber-950">
          {refusal.message}
        </p>
      )}
      <Section title={T.yourQuote}>
        <ItemTable items={required} />
        {optional.length > 0 && (
          <fieldset className="mt-4">
            <legend className="font-semibold">{T.optional}</legend>
            {optional.map((item) => (
              <label
                key={item.id}
                className="mt-2 flex min-h-11 cursor-pointer items-start gap-3 rounded-lg border border-slate-300 p-2"
              >
                <input
                  type="checkbox"
                  name={F.option}
                  value={item.id}
                  defaultChecked={chosen.has(item.id)}
                  onChange={(event) => setChosen(tickedIn(event.currentTarget.form!))}
                  className="mt-0.5 size-6 shrink-0 accent-brand-700"
                />
                <span className="flex-1 wrap-anywhere">{item.description}</span>
                <span className="whitespace-nowrap tabular-nums">{formatCents(item.cents)}</span>
              </label>
            ))}
          </fieldset>
        )}
        <p className="mt-4 flex items-baseline justify-between border-t-2 border-slate-300 pt-3 text-lg font-bold">
          <span id={`${id}-total`}>{T.total}</span>
          <output aria-labelledby={`${id}-total`} aria-live="polite" className="tabular-nums">
            {formatCents(quoteTotal(view.items, chosen))}
          </output>
        </p>
        <p className="mt-1 text-sm text-slate-700">{T.totalIncludes(ticked)}</p>
        <p className="mt-1 text-sm text-slate-700">{T.validUntil(view.validUntil)}</p>
      </Section>
      <NoteAndTerms note={view.note} terms={view.terms} />
      <section className="mt-6 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
        <h2 id={`${id}-accept`} className="text-lg font-bold">
          {T.acceptHeading}
        </h2>
        <TextField
          id={`${id}-name`}
          label={T.name}
          error={errors.name}
          name={F.name}
          autoComplete="name"
          maxLength={QUOTE_ANSWER_LIMITS.name + 20}
          defaultValue={refusal?.values.name ?? ''}
        />
        <label className="mt-4 flex min-h-11 cursor-pointer items-center gap-3 font-semibold">
          <input
            type="checkbox"
            name={F.agree}
            defaultChecked={refusal?.values.agree ?? false}
            aria-invalid={errors.agree ? true : undefined}
            aria-describedby={errors.agree ? `${id}-agree-error` : undefined}
            className="size-6 shrink-0 accent-brand-700"
          />
          {T.agree}
        </label>
        <FieldError id={`${id}-agree-error`} message={errors.agree} />
        <button
          type="submit"
          name={F.intent}
          value="accept"
          className={`${button} mt-4 bg-brand-700 text-white hover:bg-brand-800`}
        >
          {T.accept}
        </button>
      </section>
    </form>
  )
}

export function QuoteChangesForm({ token, refusal }: { token: string; refusal: QuotePageRefusal | null }) {
  const id = useId()
  return (
    <form
      method="post"
      action={`/quote/${token}`}
      aria-labelledby={`${id}-heading`}
      className="mt-6 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id={`${id}-heading`} className="text-lg font-bold">
        {T.changesHeading}
      </h2>
      <TextField
        id={`${id}-message`}
        label={T.changesLabel}
        error={refusal?.errors.message}
        name={F.message}
        rows={3}
        maxLength={QUOTE_ANSWER_LIMITS.message}
        defaultValue={refusal?.values.message ?? ''}
      />
      <button
        type="submit"
        name={F.intent}
        value="changes"
        className={`${button} mt-3 border border-brand-700 bg-white text-brand-800 hover:bg-brand-50`}
      >
        {T.changes}
      </button>
    </form>
  )
}
