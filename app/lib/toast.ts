/**
 * Toasts without putting the toast library in the first-load bundle: sonner is imported when the
 * browser is idle after hydration (so its aria-live region is in place before anything is said),
 * or at once when a toast is needed earlier. The <LazyToaster /> in the root layout renders it.
 */
import type * as SonnerModule from 'sonner'

type Sonner = typeof SonnerModule

let sonnerPromise: Promise<Sonner> | undefined
let markMounted: () => void = () => {}
const mounted = new Promise<void>((resolve) => (markMounted = resolve))
const loadListeners = new Set<(sonner: Sonner) => void>()

export function loadSonner(): Promise<Sonner> {
  sonnerPromise ??= import('sonner').then((sonner) => {
    for (const listener of loadListeners) listener(sonner)
    return sonner
  })
  return sonnerPromise
}

/** Called by LazyToaster: subscribe to the library arriving, and report the Toaster mounted. */
export function onSonnerLoaded(listener: (sonner: Sonner) => void): () => void {
  loadListeners.add(listener)
  return () => loadListeners.delete(listener)
}

export function toasterMounted() {
  markMounted()
}

export type ToastVariant = 'success' | 'error' | 'warning'

export async function showToast(variant: ToastVariant, title: string, description?: string): Promise<void> {
  const { toast } = await loadSonner()
  await mounted
  toast[variant](title, { description })
}
