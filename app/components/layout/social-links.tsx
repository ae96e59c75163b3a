import type { ReactNode } from 'react'
import { site } from '~/content/site'

// lucide ships no brand icons. Decorative: the link carries the name.
const base = { width: 20, height: 20, viewBox: '0 0 24 24', 'aria-hidden': true, focusable: false } as const

const filledIcon = (path: string) => (
  <svg {...base} fill="currentColor">
    <path d={path} />
  </svg>
)

const networks: { label: string; href: string; icon: ReactNode }[] = [
  {
    label: 'Instagram',
    href: site.social.instagram,
    icon: (
      <svg {...base} fill="none" stroke="currentColor" strokeWidth={2}>
        <rect x="3" y="3" width="18" height="18" rx="5" />
        <circle cx="12" cy="12" r="4" />
        <circle cx="17.5" cy="6.5" r="1" fill="currentColor" stroke="none" />
      </svg>
    ),
  },
  {
    label: 'Facebook',
    href: site.social.facebook,
    icon: filledIcon(
      'M13.5 21v-7.5h2.6l.4-3h-3V8.6c0-.9.3-1.5 1.6-1.5h1.6V4.4c-.3 0-1.2-.1-2.3-.1-2.3 0-3.9 1.4-3.9 4v2.2H7.9v3h2.6V21h3z',
    ),
  },
  {
    label: 'TikTok',
    href: site.social.tiktok,
    icon: filledIcon(
      'M16.6 3c.3 2.2 1.6 3.6 3.9 3.8v3c-1.4.1-2.7-.3-3.9-1.1v6.2c0 3.6-2.7 6.1-6 6.1a6 6 0 0 1-6-6c0-3.5 3-6.3 6.7-5.9v3.1a2.9 2.9 0 0 0-3.6 2.8 2.9 2.9 0 0 0 5.8.1V3h3.1z',
    ),
  },
  {
    label: 'LinkedIn',
    href: site.social.linkedin,
    icon: filledIcon(
      'M4.98 3.5a2 2 0 1 1 0 4 2 2 0 0 1 0-4zM3.2 9h3.6v12H3.2V9zm6 0h3.4v1.7h.1c.5-.9 1.7-1.9 3.5-1.9 3.7 0 4.4 2.4 4.4 5.6V21H17v-5.8c0-1.4 0-3.2-2-3.2s-2.2 1.5-2.2 3.1V21H9.2V9z',
    ),
  },
]

export function SocialLinks() {
  return (
    <ul className="flex gap-3" aria-label="Social media">
      {networks.map(({ label, href, icon }) => (
        <li key={label}>
          <a
            href={href}
            className="inline-flex size-11 items-center justify-center rounded-full bg-slate-800 text-white hover:bg-brand-700"
            aria-label={`${site.name} on ${label}`}
            rel="noopener"
          >
            {icon}
          </a>
        </li>
      ))}
    </ul>
  )
}
