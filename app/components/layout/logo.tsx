import { site } from '~/content/site'

export function Logo({ tone = 'dark' }: { tone?: 'dark' | 'light' }) {
  return (
    <span className="flex items-center gap-2">
      <svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true" focusable="false" className="shrink-0">
        <circle cx="16" cy="16" r="16" className="fill-brand-700" />
        <path d="M16 6c3.8 5 6 8.4 6 11.2A6 6 0 0 1 10 17.2C10 14.4 12.2 11 16 6z" fill="#fff" />
        <path d="M13 18.5a3 3 0 0 0 3 3" stroke="#0c4a6e" strokeWidth="1.6" fill="none" strokeLinecap="round" />
      </svg>
      <span
        className={`text-lg leading-tight font-extrabold tracking-tight ${tone === 'light' ? 'text-white' : 'text-slate-900'}`}
      >
        <span className="sm:hidden">{site.shortName}</span>
        <span className="hidden sm:inline">{site.name}</span>
      </span>
    </span>
  )
}
