// The only module that imports motion. It is always imported on demand, so motion stays out of every page's
// first load (docs/decisions/040-motion-for-animations.md). Callers check reduced motion before calling.
import { animateValue } from 'motion'
import { animate } from 'motion/mini'

/** Reports progress from 0 to 1 on every frame for `durationMs`, eased; returns a function that stops it. */
export function countUp(durationMs: number, ease: (t: number) => number, onUpdate: (progress: number) => void) {
  const animation = animateValue({ keyframes: [0, 1], duration: durationMs, ease, onUpdate })
  return () => animation.stop()
}

/** Draws the line from the left in the first 12% of each period, then holds it drawn; forever. */
export function replayUnderline(line: HTMLElement, periodSeconds: number) {
  // Property-indexed keyframes take one easing per segment: the draw eases out, the hold is flat.
  const animation = animate(
    line,
    { transform: ['scaleX(0)', 'scaleX(1)', 'scaleX(1)'] },
    { duration: periodSeconds, times: [0, 0.12, 1], ease: [[0.22, 1, 0.36, 1], 'linear'], repeat: Infinity },
  )
  return () => animation.stop()
}

const belowItsPlace = 'translateY(24px)'

/** Hides a section that is still out of sight, in the pose `reveal` starts from; focus entering it shows it. */
export function hideForReveal(element: HTMLElement) {
  element.style.opacity = '0'
  element.style.transform = belowItsPlace
  // What Tab lands on must be seen at once, not after a scroll and a fade (decision 040). Keyboard focus only: a
  // press focuses a link on mousedown, and moving it 24 px then sends the mouseup elsewhere, so no click.
  element.addEventListener('focusin', (event) => {
    if (!(event.target instanceof Element && event.target.matches(':focus-visible'))) return
    for (const animation of element.getAnimations()) animation.finish()
    element.style.opacity = '1'
    element.style.transform = 'none'
  })
}

/** Fades a section hidden by `hideForReveal` in as it rises 24 px into place, unless focus has shown it. */
export function reveal(element: HTMLElement, delaySeconds: number) {
  if (element.style.opacity !== '0') return () => {}
  const animation = animate(
    element,
    { opacity: [0, 1], transform: [belowItsPlace, 'none'] },
    { duration: 0.6, ease: 'easeOut', delay: delaySeconds },
  )
  return () => animation.stop()
}

const panelAway = 'translateY(1rem) scale(0.96)'

/** Grows the chat panel in from its corner; from where it is when it was still closing. */
export function openPanel(element: HTMLElement, fromClosing: boolean) {
  return animate(
    element,
    { opacity: [fromClosing ? null : 0, 1], transform: [fromClosing ? null : panelAway, 'none'] },
    { duration: 0.2, ease: 'easeOut' },
  )
}

/** Shrinks the chat panel back into its corner; the caller hides it once this has finished. */
export function closePanel(element: HTMLElement) {
  return animate(element, { opacity: 0, transform: panelAway }, { duration: 0.15, ease: 'easeIn' })
}
