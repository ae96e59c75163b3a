import { useEffect, useState, type ComponentType } from 'react'
import type { ToasterProps } from 'sonner'
import { loadSonner, onSonnerLoaded, toasterMounted } from '~/lib/toast'

/** Renders sonner's Toaster once the library has loaded (at idle time, or on the first toast). */
export function LazyToaster() {
  const [Toaster, setToaster] = useState<ComponentType<ToasterProps> | null>(null)

  useEffect(() => {
    const unsubscribe = onSonnerLoaded((sonner) => setToaster(() => sonner.Toaster))
    const idle = window.requestIdleCallback ?? ((callback: () => void) => window.setTimeout(callback, 1_500))
    const handle = idle(() => void loadSonner())
    return () => {
      unsubscribe()
      if (window.cancelIdleCallback && typeof handle === 'number') window.cancelIdleCallback(handle)
    }
  }, [])

  useEffect(() => {
    if (Toaster) toasterMounted()
  }, [Toaster])

  return Toaster ? <Toaster position="top-center" richColors closeButton duration={6000} /> : null
}
