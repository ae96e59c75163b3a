import type { ReactNode } from 'react'
import { useHydrated } from '@tanstack/react-router'
import { LOADER_FALLBACK_MS } from '~/components/layout/loader-fallback'

/**
 * A frame whose photos a phone loads only once the first view has painted (decision 028). A component of its own:
 * hydration re-renders the frame alone, not a form beside it that still waits for its code.
 */
export function HeldUntilPaint({ className, children }: { className: string; children: ReactNode }) {
  const hydrated = useHydrated()
  return (
    <div
      className={className}
      data-held-until-paint={hydrated ? undefined : ''}
      style={hydrated ? undefined : { animationDelay: `${LOADER_FALLBACK_MS}ms` }}
      // The entry loader may release it before hydration.
      suppressHydrationWarning
    >
      {children}
    </div>
  )
}
