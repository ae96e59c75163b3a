export function SectionHeader({
  id,
  heading,
  intro,
  tone = 'light',
  className = '',
}: {
  id: string
  heading: string
  intro?: string
  tone?: 'light' | 'dark'
  className?: string
}) {
  return (
    <div className={`max-w-3xl ${className}`}>
      <h2
        id={id}
        className={`text-3xl font-bold tracking-tight text-balance sm:text-4xl ${tone === 'dark' ? 'text-white' : 'text-slate-900'}`}
      >
        {heading}
      </h2>
      {intro ? (
        <p className={`mt-3 text-lg ${tone === 'dark' ? 'text-brand-100' : 'text-slate-600'}`}>{intro}</p>
      ) : null}
    </div>
  )
}
