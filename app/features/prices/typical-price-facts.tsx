// A service's typical price as visitors read it (docs/decisions/057-price-ranges.md): on its tab every size's
// range, on the lead form the chosen size's; then the minimum charge and the owner's rule.
import { TYPICAL_PRICE_TEXTS as T, type SizeRange, type TypicalPrice } from '~/features/prices/typical-price'

export function TypicalPriceFacts({ price, ranges }: { price: TypicalPrice; ranges: SizeRange[] }) {
  if (ranges.length === 0) return null
  return (
    <div className="rounded-xl bg-brand-50 p-4 text-slate-800 ring-1 ring-brand-200">
      <ul className="space-y-1 font-semibold">
        {ranges.map((range) => (
          <li key={range.size}>
            {T.range(range)}
            {range.size && <span className="font-normal"> ({range.size})</span>}
          </li>
        ))}
      </ul>
      {price.minimumCents !== null && <p className="mt-1">{T.minimum(price.minimumCents)}</p>}
      <p className="mt-1 text-sm text-slate-700">{price.rule}</p>
    </div>
  )
}
