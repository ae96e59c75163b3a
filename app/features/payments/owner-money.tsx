// The inbox's "Money" view (docs/decisions/055-invoices-and-payments.md): this month and the last (paid, card fees,
// refunds, net), what is unpaid by days since sending, the bookkeeper's CSV, and the pay page's "other ways to pay".
import { useHydrated } from '@tanstack/react-router'
import { useId, type FormEvent } from 'react'
import { formatCents } from '~/lib/money'
import { useOwnerWrite } from '~/components/owner/owner-write'
import { OWNER_INVOICE_TEXTS as T, OTHER_WAYS_MAX, OWNER_MONEY_CSV_URL, UNPAID_AGES } from '~/features/payments/invoice'
import type { MoneySummary } from '~/features/payments/payments.server'
import { saveOwnerOtherWays } from '~/features/payments/payments.functions'
import { OwnerField, ownerOutlineClass, WriteStatus } from '~/components/owner/owner-field'

const cell = 'border-t border-slate-200 px-1 py-2 text-right'
const head = 'border-t border-slate-200 px-1 py-2 text-left font-semibold'

const MONTH_ROWS = [
  [T.gross, 'grossCents'],
  [T.fees, 'feeCents'],
  [T.refunds, 'refundCents'],
  [T.net, 'netCents'],
] as const

export default function OwnerMoney({ money }: { money: MoneySummary }) {
  const months = [money.thisMonth, money.lastMonth]
  return (
    <div className="mt-4 grid gap-6">
      <table className="w-full border-collapse">
        <caption className="text-left text-lg font-bold">{T.moneyTab}</caption>
        <thead>
          <tr>
            <td />
            <th scope="col" className="px-1 text-right">
              {T.thisMonth}
            </th>
            <th scope="col" className="px-1 text-right">
              {T.lastMonth}
            </th>
          </tr>
        </thead>
        <tbody>
          {MONTH_ROWS.map(([label, figure]) => (
            <tr key={label}>
              <th scope="row" className={head}>
                {label}
              </th>
              {months.map((month) => (
                <td key={month.month} className={cell}>
                  {formatCents(month[figure])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <table className="w-full border-collapse">
        <caption className="text-left text-lg font-bold">{T.unpaid}</caption>
        <tbody>
          {UNPAID_AGES.map((age) => (
            <tr key={age}>
              <th scope="row" className={head}>
                {T.ages[age]}
              </th>
              <td className={cell}>{money.unpaid[age].count}</td>
              <td className={cell}>{formatCents(money.unpaid[age].cents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {money.unpaidInvoices.length > 0 && (
        <ul className="grid gap-1 text-sm">
          {money.unpaidInvoices.map((invoice) => (
            <li key={invoice.leadId}>
              Invoice {invoice.number}, {invoice.firstName}: {formatCents(invoice.balanceCents)}, {invoice.days} days
            </li>
          ))}
        </ul>
      )}
      <a href={OWNER_MONEY_CSV_URL} download className={ownerOutlineClass}>
        {T.csv}
      </a>
      {!money.cardPayments && <p className="text-sm">{T.cardOff}</p>}
      <OtherWays saved={money.otherWays} />
    </div>
  )
}

function OtherWays({ saved }: { saved: string | null }) {
  const id = useId()
  const hydrated = useHydrated()
  const save = useOwnerWrite((text: string) => saveOwnerOtherWays({ data: { text } }), { said: T.saved })
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    save.mutate(String(new FormData(event.currentTarget).get('text') ?? ''))
  }
  return (
    <form method="post" onSubmit={submit} className="grid gap-1">
      <OwnerField
        id={`${id}-other`}
        label={T.otherWays}
        name="text"
        rows={4}
        maxLength={OTHER_WAYS_MAX}
        defaultValue={saved ?? ''}
      />
      <button type="submit" className={ownerOutlineClass} disabled={!hydrated || save.isPending}>
        {T.save}
      </button>
      <WriteStatus>{save.message}</WriteStatus>
    </form>
  )
}
