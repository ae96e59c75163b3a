// The owner's pages' frame and button, shared by every feature's owner view.
import type { ReactNode } from 'react'

export function OwnerShell({ children }: { children: ReactNode }) {
  return (
    <main id="main" className="mx-auto min-h-screen max-w-xl bg-white px-4 py-6 text-slate-900">
      {children}
    </main>
  )
}

export const ownerButtonClass =
  'inline-flex min-h-11 items-center justify-center rounded-lg bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-900'
