// The inbox's quote editor, /owner?view=quote&lead=<id> (docs/decisions/053-quotes-and-jobs.md). Loaded with import()
// when opened. Items come from the price list or are typed; "Send quote" freezes a version, e-mails the link and
// offers it to copy or to text from the owner's own phone.
import { useMutation } from '@tanstack/react-query'
import { Link, useHydrated } from '@tanstack/react-router'
import { useEffect, useId, useState, type FormEvent } from 'react'
import * as v from 'valibot'
import { smsHref } from '~/content/site'
import { centsText, formatCents } from '~/lib/money'
import { quoteLink } from '~/features/quotes/quote'
import { firstIssue } from '~/lib/text-fields'
import {
  quoteDraftSchema,
  quotePriceSchema,
  QUOTE_DRAFT_LIMITS,
  type QuoteDraftInput,
} from '~/features/quotes/quote-schema'
import { OWNER_QUOTE_TEXTS as T } from '~/features/quotes/quote-texts'
import { TYPICAL_PRICE_TEXTS } from '~/features/prices'
import { sendOwnerQuote, type QuoteEditorData } from '~/features/quotes/quotes.functions'
import { OwnerField, ownerInputClass as input, ownerOutlineClass, WriteStatus } from '~/components/owner/owner-field'
import { shownValue } from '~/components/ui/shown-value'
import { ownerButtonClass } from '~/components/owner/owner-shell'

interface DraftItem {
  key: number
  description: string
  price: string
  optional: boolean
}

const centsOf = (price: string) => {
  const parsed = v.safeParse(quotePriceSchema, price)
  return parsed.success ? parsed.output : 0
}

// A row's React key only: its fields' ids come from its place, the same in the server's page and the browser.
let nextKey = 1
const draftItem = (item: Omit<DraftItem, 'key'>): DraftItem => ({ key: nextKey++, ...item })

export default function OwnerQuoteEditor({ loaded }: { loaded: QuoteEditorData }) {
  const id = useId()
  const { lead, prices, quote, shownPrice, prefill } = loaded
  const [items, setItems] = useState<DraftItem[]>(() =>
    (quote?.items ?? (prefill ? [{ ...prefill, optional: false }] : [])).map((item) =>
      draftItem({ description: item.description, price: centsText(item.cents), optional: item.optional }),
    ),
  )
  const [note, setNote] = useState(quote?.note ?? '')
  const [validDays, setValidDays] = useState(String(QUOTE_DRAFT_LIMITS.validDaysDefault))
  // What the owner typed before the scripts ran: read while hydrating (React then puts the server's values back into
  // the fields) and applied once hydrated, so that Send sends what the page showed.
  const [typedBefore] = useState(() => ({
    items: items.map(({ description, price, optional }, index) => ({
      description: shownValue(`${id}-${index}-d`, description),
      price: shownValue(`${id}-${index}-p`, price),
      optional: shownValue(`${id}-${index}-o`, optional),
    })),
    note: shownValue(`${id}-note`, note),
    validDays: shownValue(`${id}-days`, validDays),
  }))
  useEffect(() => {
    setItems((was) => was.map((item, index) => ({ ...item, ...typedBefore.items[index] })))
    setNote(typedBefore.note)
    setValidDays(typedBefore.validDays)
  }, [typedBefore])
  const [problem, setProblem] = useState<{ message: string; field: string } | null>(null)
  const [copied, setCopied] = useState(false)
  const hydrated = useHydrated()
  const send = useMutation({
    mutationFn: (data: QuoteDraftInput) => sendOwnerQuote({ data }),
    onSuccess: () => setProblem(null),
    onError: (error) => setProblem({ message: error instanceof Error ? error.message : 'Not sent', field: '' }),
  })

  const change = (key: number, patch: Partial<DraftItem>) =>
    setItems((was) => was.map((item) => (item.key === key ? { ...item, ...patch } : item)))
  const add = (line?: QuoteEditorData['prices'][number]) =>
    setItems((was) => [
      ...was,
      draftItem({ description: line?.description ?? '', price: centsText(line?.startingCents), optional: false }),
    ])
  const required = items.filter((item) => !item.optional).reduce((sum, item) => sum + centsOf(item.price), 0)
  const all = items.reduce((sum, item) => sum + centsOf(item.price), 0)
  // send.data: the last send's answer, cleared as the next one starts.
  const link = send.data?.link ?? (quote ? quoteLink(quote.token) : null)
  const invalid = (field: string) =>
    problem?.field === field ? { 'aria-invalid': true, 'aria-describedby': `${id}-problem` } : {}

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const draft = {
      lead: lead.id,
      items: items.map(({ description, price, optional }) => ({ description, price, optional })),
      note,
      validDays,
    }
    // The server checks it again with the same schema and messages.
    const checked = v.safeParse(quoteDraftSchema, draft)
    if (!checked.success) return setProblem(firstIssue(checked.issues))
    send.mutate(draft)
  }

  return (
    <section aria-labelledby={`${id}-heading`} className="mt-6">
      <h2 id={`${id}-heading`} className="text-xl font-bold">
        {T.heading(lead.firstName)}
      </h2>
      <Link
        to="/owner"
        search={{}}
        className="mt-1 inline-flex min-h-11 items-center font-semibold text-brand-800 underline"
      >
        {T.back}
      </Link>
      {shownPrice && <p className="mt-2">{TYPICAL_PRICE_TEXTS.shown(shownPrice)}</p>}
      {quote?.acceptance ? (
        <p className="mt-3 rounded-lg bg-emerald-50 p-3 text-emerald-900">{T.acceptedNoEdit}</p>
      ) : (
        <form method="post" onSubmit={submit} className="mt-3 grid gap-4" noValidate>
          <fieldset className="grid gap-2">
            <legend className="font-semibold">{T.fromPriceList}</legend>
            <div className="flex flex-wrap gap-2">
              {prices.map((line) => (
                <button key={line.serviceId} type="button" className={ownerOutlineClass} onClick={() => add(line)}>
                  + {line.description}
                  {line.startingCents !== null && ` (${formatCents(line.startingCents)})`}
                </button>
              ))}
            </div>
          </fieldset>
          <ol className="grid gap-3" aria-label="Items">
            {items.map((item, index) => (
              <li key={item.key} className="grid gap-2 rounded-lg border border-slate-300 p-3">
                <OwnerField
                  label={`${T.description} ${index + 1}`}
                  id={`${id}-${index}-d`}
                  value={item.description}
                  maxLength={QUOTE_DRAFT_LIMITS.description}
                  onChange={(event) => change(item.key, { description: event.currentTarget.value })}
                  {...invalid(`items.${index}.description`)}
                />
                <OwnerField
                  label={T.price}
                  id={`${id}-${index}-p`}
                  value={item.price}
                  inputMode="decimal"
                  autoComplete="off"
                  onChange={(event) => change(item.key, { price: event.currentTarget.value })}
                  {...invalid(`items.${index}.price`)}
                />
                <label className="flex min-h-11 items-center gap-2">
                  <input
                    type="checkbox"
                    id={`${id}-${index}-o`}
                    checked={item.optional}
                    onChange={(event) => change(item.key, { optional: event.currentTarget.checked })}
                    className="size-6 accent-brand-700"
                  />
                  {T.optional}
                </label>
                <button
                  type="button"
                  className={ownerOutlineClass}
                  onClick={() => setItems((was) => was.filter((each) => each.key !== item.key))}
                >
                  {T.remove}
                  <span className="sr-only"> {index + 1}</span>
                </button>
              </li>
            ))}
          </ol>
          <button type="button" className={ownerOutlineClass} onClick={() => add()}>
            {T.addItem}
          </button>
          <p aria-live="polite" className="font-semibold">
            {T.totalRequired(required)}
            {all !== required && (
              <>
                <br />
                {T.totalAll(all)}
              </>
            )}
          </p>
          <OwnerField
            label={T.note}
            labelClassName="-mb-3 font-semibold"
            id={`${id}-note`}
            rows={3}
            value={note}
            maxLength={QUOTE_DRAFT_LIMITS.note}
            onChange={(event) => setNote(event.currentTarget.value)}
            className={`${input} p-2`}
            {...invalid('note')}
          />
          <OwnerField
            label={T.validDays}
            labelClassName="-mb-3 font-semibold"
            id={`${id}-days`}
            inputMode="numeric"
            value={validDays}
            onChange={(event) => setValidDays(event.currentTarget.value)}
            className={`${input} max-w-32`}
            {...invalid('validDays')}
          />
          {problem && (
            <p id={`${id}-problem`} role="alert" className="font-semibold text-red-800">
              {problem.message}
            </p>
          )}
          <button type="submit" disabled={!hydrated || send.isPending} className={ownerButtonClass}>
            {send.isPending ? T.sending : T.send}
          </button>
        </form>
      )}
      {send.data && (
        <p role="status" className="mt-4 rounded-lg bg-emerald-50 p-3 text-emerald-900">
          {T.sentNow}
        </p>
      )}
      {link && (
        <div className="mt-4 grid gap-2">
          <OwnerField label={T.link} id={`${id}-link`} readOnly value={link} className={`${input} text-sm`} />
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className={`${ownerOutlineClass} flex-1`}
              onClick={() => void navigator.clipboard?.writeText(link).then(() => setCopied(true))}
            >
              {T.copy}
            </button>
            <a href={smsHref(lead.phone, T.textBody(lead.firstName, link))} className={`${ownerOutlineClass} flex-1`}>
              {T.text}
            </a>
          </div>
          <WriteStatus>{copied ? T.copied : ''}</WriteStatus>
        </div>
      )}
    </section>
  )
}
