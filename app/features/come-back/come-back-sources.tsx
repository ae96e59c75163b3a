// The Sources view's table of what comes back (decision 064).
import type { ComeBackCounts } from './come-back-sources.server'
import { COME_BACK_SOURCES_TEXTS as T } from './due-again'
import { formatCents } from '~/lib/money'

export function ComeBackSources({
  sources: { comeBack: counts, days },
}: {
  sources: { comeBack: ComeBackCounts; days: number }
}) {
  return (
    <table className="mt-6 w-full border-collapse text-sm tabular-nums">
      <caption className="mb-2 text-left text-base font-semibold">{T.caption(days)}</caption>
      <tbody>
        {T.rows.map(([key, label]) => (
          <tr key={key}>
            <th scope="row" className="border-t border-slate-200 px-2 py-1 text-left font-normal">
              {label}
            </th>
            <td className="border-t border-slate-200 px-2 py-1 text-right">
              {key === 'rebookCents' ? formatCents(counts[key], { whole: true }) : counts[key]}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
