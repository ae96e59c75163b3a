// Loaded after hydration, so its live region exists before anything is said.

let startLoading: () => void = () => {}
/** sonner, fetched once loadSonner is first called: by the toaster at idle, or by the first toast. */
export const sonnerLoaded = new Promise<void>((resolve) => (startLoading = resolve)).then(() => import('sonner'))
let markMounted: () => void = () => {}
const mounted = new Promise<void>((resolve) => (markMounted = resolve))

export function loadSonner() {
  startLoading()
  return sonnerLoaded
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
