import type { ReactNode } from 'react'

export function SectionHeader({ id, heading, intro }: { id: string; heading: string; intro?: string }) {
  return (
    <div className="max-w-3xl">
      <h2 id={id} className="text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl">
        {heading}
      </h2>
      {intro ? <p className="mt-3 text-lg text-slate-600">{intro}</p> : null}
    </div>
  )
}

/** A home section of the usual width and spacing, named by its header; its heading's id is `${id}-heading`. */
export function HomeSection({
  id,
  texts,
  className = '',
  children,
}: {
  id: string
  texts: { heading: string; intro?: string }
  className?: string
  children: ReactNode
}) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className={`render-when-visible ${className}`}>
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-20">
        <SectionHeader id={`${id}-heading`} heading={texts.heading} intro={texts.intro} />
        {children}
      </div>
    </section>
  )
}
