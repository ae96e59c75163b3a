import { Suspense, useEffect, useState } from 'react'
import { lazyOptional, onIdle } from '~/lib/page/lazy-when-idle'

const ChatLauncher = lazyOptional(() => import('../../features/assistant/chat-launcher'))
const SocialProof = lazyOptional(() => import('./social-proof'))

// The first toast shows at 30 s.
const SOCIAL_PROOF_LOAD_AFTER_MS = 25_000
/** Safari has no requestIdleCallback. */
const IDLE = { fallbackDelay: 1_000 }

export function FloatingFeatures() {
  const [chatReady, setChatReady] = useState(false)
  const [socialProofReady, setSocialProofReady] = useState(false)

  useEffect(() => onIdle(() => setChatReady(true), IDLE), [])
  useEffect(() => {
    let cancelIdle = () => {}
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
