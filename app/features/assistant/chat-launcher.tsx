import { Suspense, useCallback, useId, useRef, useState } from 'react'
import { lazyOptional } from '~/lib/page/lazy-when-idle'
import { MessageCircle, X } from 'lucide-react'

// Loads on first open, or earlier on hover or focus.
const loadPanel = () => import('./chat-panel')
const ChatPanel = lazyOptional(loadPanel)
const prefetchPanel = () => void loadPanel().catch(() => undefined)

export default function ChatLauncher() {
  const [open, setOpen] = useState(false)
  // Stays mounted once opened, so the conversation survives a close.
  const [opened, setOpened] = useState(false)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const panelId = useId()

  const close = useCallback(() => {
    setOpen(false)
    buttonRef.current?.focus()
  }, [])

  return (
    <>
      {opened && (
        <Suspense fallback={null}>
          <ChatPanel id={panelId} open={open} onClose={close} />
        </Suspense>
      )}
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={opened ? panelId : undefined}
        aria-label="Chat with us"
        onClick={() => {
          if (open) return close()
          setOpened(true)
          setOpen(true)
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && open) close()
        }}
        onPointerEnter={prefetchPanel}
        onFocus={prefetchPanel}
        className="fixed right-4 bottom-4 z-40 grid size-14 place-items-center rounded-full bg-brand-700 text-white shadow-lg ring-2 ring-white hover:bg-brand-800"
      >
        {open ? <X className="size-6" aria-hidden="true" /> : <MessageCircle className="size-6" aria-hidden="true" />}
      </button>
    </>
  )
}
