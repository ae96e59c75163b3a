/** Loaded after hydration, so its live region exists before anything is said. */
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
