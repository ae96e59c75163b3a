import { Suspense, useEffect, useState } from 'react'
import { lazyOptional, onIdle } from '~/lib/lazy-when-idle'

// Each is its own chunk, fetched only after the page is interactive, so neither adds to the
// first-load JavaScript. The chat button loads when the browser is first idle; the notifications,
// whose first toast is due 30 s after page load, load when idle but not before 25 s.
const ChatLauncher = lazyOptional(() => import('./chat-launcher'))
const SocialProof = lazyOptional(() => import('./social-proof'))

const SOCIAL_PROOF_LOAD_AFTER_MS = 25_000
/** Without requestIdleCallback (Safari), wait a second rather than compete with the page's own start-up. */
const IDLE = { fallbackDelay: 1_000 }

/** The chat assistant and the social-proof notifications, present on every page (client only). */
export function FloatingFeatures() {
  const [chatReady, setChatReady] = useState(false)
  const [socialProofReady, setSocialProofReady] = useState(false)

  useEffect(() => onIdle(() => setChatReady(true), IDLE), [])
  useEffect(() => {
    let cancelIdle = () => {}
    // performance.now() counts from navigation start, i.e. from page load.
    const timer = window.setTimeout(
      () => (cancelIdle = onIdle(() => setSocialProofReady(true), IDLE)),
      Math.max(0, SOCIAL_PROOF_LOAD_AFTER_MS - performance.now()),
    )
    return () => {
      window.clearTimeout(timer)
      cancelIdle()
    }
  }, [])

  return (
    <>
      {socialProofReady && (
        <Suspense fallback={null}>
          <SocialProof />
        </Suspense>
      )}
      {chatReady && (
        <Suspense fallback={null}>
          <ChatLauncher />
        </Suspense>
      )}
    </>
  )
}
