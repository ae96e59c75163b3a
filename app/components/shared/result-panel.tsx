import type { ReactNode } from 'react'

/** A result page's answer, read out as it appears: green when it went through, amber when it did not. */
export function ResultPanel({ ok, title, children }: { ok: boolean; title: ReactNode; children?: ReactNode }) {
  return (
    <div
      role="status"
      className={`rounded-2xl p-6 ${ok ? 'bg-emerald-50 text-emerald-900' : 'bg-amber-50 text-amber-950'}`}
    >
      <h1 className="text-2xl font-bold">{title}</h1>
      {children}
    </div>
  )
}
