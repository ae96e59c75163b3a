import type { ReactNode } from 'react'

/** A page section's heading in the house's one size; its section points at it with aria-labelledby. */
export function SectionTitle({
  id,
  children,
  tone = 'light',
  className = '',
}: {
  id: string
  children: ReactNode
  tone?: 'light' | 'dark'
  className?: string
}) {
  const color = tone === 'dark' ? 'text-white' : 'text-slate-900'
  return (
    <h2 id={id} className={`text-3xl font-extrabold tracking-tight ${color} ${className}`.trimEnd()}>
      {children}
    </h2>
  )
}
