import type { CSSProperties, ReactNode } from 'react'
import { useHydrated } from '@tanstack/react-router'
import { LOADER_FALLBACK_MS } from '~/components/layout/loader-fallback'

/**
 * A frame whose photos a phone loads only once the first view has painted (decision 028). A component of its own:
 * hydration re-renders the frame alone, not a form beside it that still waits for its code. A `span` inside a button.
 */
export function HeldUntilPaint({
  as: Frame = 'div',
  held = true,
  className,
  style,
  children,
}: {
  as?: 'div' | 'span'
  /** False renders the plain frame. */
  held?: boolean
  className: string
  style?: CSSProperties
  children: ReactNode
}) {
  const holding = useHydrated() ? false : held
  return (
    <Frame
      className={className}
      data-held-until-paint={holding ? '' : undefined}
      style={holding ? { ...style, animationDelay: `${LOADER_FALLBACK_MS}ms` } : style}
      // The entry loader may release it before hydration.
      suppressHydrationWarning
    >
      {children}
    </Frame>
  )
}
