import type { LucideIcon } from 'lucide-react'

// One look per place, so a page names its look and the classes live here once.
const looks = {
  features: ['mt-6 space-y-3', 'gap-3 text-slate-700', 'size-5 text-brand-700', undefined],
  promises: ['mt-6 space-y-3', 'gap-3 text-slate-800', 'size-5 text-brand-700', 'font-medium'],
  reasons: ['mt-8 space-y-4', 'gap-4', 'size-6 text-accent-300', 'text-lg text-brand-50'],
  conditions: [
    'mt-8 grid gap-4 md:grid-cols-2',
    'gap-4 rounded-2xl bg-white p-5 ring-1 ring-slate-200',
    'size-6 text-brand-700',
    'text-slate-700',
  ],
} as const

/** A list whose every line starts with the same icon (a city's reasons, an epoxy card's features, the quote's promises). */
export function IconList({
  items,
  icon: Icon,
  look,
}: {
  items: readonly string[]
  icon: LucideIcon
  look: keyof typeof looks
}) {
  const [list, item, icon, text] = looks[look]
  return (
    <ul className={list}>
      {items.map((line) => (
        <li key={line} className={`flex ${item}`}>
          <Icon className={`mt-0.5 shrink-0 ${icon}`} aria-hidden="true" />
          <span className={text}>{line}</span>
        </li>
      ))}
    </ul>
  )
}
