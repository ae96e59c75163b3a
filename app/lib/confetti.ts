/** The success confetti (docs/product.md#business-constants): loaded only when needed, skipped under reduced motion. */
export const CONFETTI_OPTIONS = { particleCount: 100, spread: 70, origin: { y: 0.6 } } as const

export async function playConfetti(): Promise<boolean> {
  if (typeof window === 'undefined') return false
  if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return false
  const { default: confetti } = await import('canvas-confetti')
  await confetti({ ...CONFETTI_OPTIONS, disableForReducedMotion: true })
  return true
}
