// The pieces both states of the quote page show, and the pay page too: the business's header, a titled card, the
// items with their prices, the owner's texts.
import type { ReactNode } from 'react'
import { Logo } from '~/components/layout/logo'
import { licenseLine } from '~/content/license'
import { site } from '~/content/site'
import { formatCents } from '~/lib/money'
import type { QuoteItem } from '~/features/quotes/quote'
import { QUOTE_PAGE_TEXTS as T } from '~/features/quotes/quote-texts'

/** A customer's quote or pay page: of the site's frame only the logo and the phone, over one column. */
export function BusinessPage({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-screen bg-slate-50 text-slate-900">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-2xl flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-3">
          <Logo />
          <a
            href={site.phoneHref}
            className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline underline-offset-2"
          >
            {site.phone}
          </a>
          {licenseLine && <p className="w-full text-sm text-slate-700">{licenseLine}</p>}
        </div>
      </header>
      <main id="main" className="mx-auto max-w-2xl px-4 py-6">
        {children}
      </main>
    </div>
  )
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mt-6 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200" aria-label={title}>
      <h2 className="text-lg font-bold">{title}</h2>
      {children}
    </section>
  )
}

type PricedItem = Pick<QuoteItem, 'id' | 'description' | 'cents'>

/** Items with their prices (a quote's required ones, an invoice's lines); `marked`: words after a description. */
export function ItemTable<Item extends PricedItem>({
  items,
  marked,
}: {
  items: Item[]
  marked?: (item: Item) => string
}) {
  return (
    <table className="mt-2 w-full border-collapse text-left">
      <thead className="sr-only">
        <tr>
          <th scope="col">{T.item}</th>
          <th scope="col">{T.price}</th>
        </tr>
      </thead>
      <tbody>
        {items.map((item) => (
          <tr key={item.id} className="border-t border-slate-200 first:border-t-0">
            <td className="py-2 pr-3 align-top wrap-anywhere">
              {item.description}
              {marked?.(item)}
            </td>
            <td className="py-2 text-right align-top whitespace-nowrap tabular-nums">{formatCents(item.cents)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/** The owner's texts keep their paragraphs. */
export function Paragraphs({ text }: { text: string }) {
  return (
    <>
      {text.split(/\n{2,}/).map((block, i) => (
        <p key={i} className="mt-2 whitespace-pre-line wrap-anywhere">
          {block}
        </p>
      ))}
    </>
  )
}

/** The owner's note, when he wrote one, and the terms the version froze. */
export function NoteAndTerms({ note, terms }: { note: string | null; terms: string }) {
  return (
    <>
      {note && (
        <Section title={T.note}>
          <Paragraphs text={note} />
        </Section>
      )}
      <Section title={T.terms}>
        <Paragraphs text={terms} />
      </Section>
    </>
  )
}
