import type { ReactNode } from 'react'
import { LazyMotion, domAnimation, m, type Variants } from 'motion/react'

const variants: Variants = {
  hidden: { opacity: 0, y: 24 },
  shown: (delay: number) => ({ opacity: 1, y: 0, transition: { duration: 0.6, ease: 'easeOut', delay } }),
}

/** Its own chunk, so motion stays out of the first load. */
export function MotionReveal({
  children,
  className,
  delay,
}: {
  children: ReactNode
  className?: string
  delay: number
}) {
  return (
    <LazyMotion features={domAnimation} strict>
      <m.div
        className={className}
        initial="hidden"
        whileInView="shown"
        viewport={{ once: true, amount: 0.15 }}
        variants={variants}
        custom={delay}
      >
        {children}
      </m.div>
    </LazyMotion>
  )
}
