import { useEffect, useState, type ComponentType } from 'react'
import type { ToasterProps } from 'sonner'
import { onIdle } from '~/lib/page/lazy-when-idle'
import { loadSonner, sonnerLoaded, toasterMounted } from '~/lib/page/toast'

const HEADER_CLEARANCE = 'calc(4rem + 12px)'

/** Loads sonner at idle or on the first toast. */
export function LazyToaster() {
  const [Toaster, setToaster] = useState<ComponentType<ToasterProps> | null>(null)

  useEffect(() => {
    void sonnerLoaded.then((sonner) => setToaster(() => sonner.Toaster))
    return onIdle(() => void loadSonner(), { fallbackDelay: 1_500 })
  }, [])

  useEffect(() => {
    if (Toaster) toasterMounted()
  }, [Toaster])

  return Toaster ? (
    <Toaster
      position="top-center"
      // Below the fixed header, whose links stay usable while a toast shows.
      offset={{ top: HEADER_CLEARANCE }}
      mobileOffset={{ top: HEADER_CLEARANCE }}
      richColors
      closeButton
      duration={6000}
    />
  ) : null
}
