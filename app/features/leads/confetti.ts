export async function playConfetti(): Promise<void> {
  if (typeof window === 'undefined') return
  if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return
  const { default: confetti } = await import('canvas-confetti')
  // Its default worker comes from a blob: URL, which the CSP refuses.
  const fire = confetti.create(undefined, { resize: true, useWorker: false, disableForReducedMotion: true })
  await fire({ particleCount: 100, spread: 70, origin: { y: 0.6 } })
}
