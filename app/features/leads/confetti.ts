export const CONFETTI_OPTIONS = { particleCount: 100, spread: 70, origin: { y: 0.6 } } as const

export async function playConfetti(): Promise<boolean> {
  if (typeof window === 'undefined') return false
  if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return false
  const { default: confetti } = await import('canvas-confetti')
  // Its default worker comes from a blob: URL, which the CSP refuses.
  const fire = confetti.create(undefined, { resize: true, useWorker: false, disableForReducedMotion: true })
  await fire(CONFETTI_OPTIONS)
  return true
}
