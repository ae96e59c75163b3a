import { useEffect, useLayoutEffect, useRef, useState, type ComponentProps, type FormEvent } from 'react'
import { Send, X, type LucideIcon } from 'lucide-react'
import { assistant } from '~/content/assistant'
import { site } from '~/content/site'
import { closePanel, openPanel } from '~/lib/page/animations'
import { askAssistant } from '~/features/assistant/assistant.functions'
import { prefersReducedMotion } from '~/lib/page/scroll'

/** Kept in this browser tab only, and only ever appended: its index is its key. */
interface ChatMessage {
  text: string
  isBot: boolean
}

/** The browser gives up a little after the server's own 15 s limit. */
const CLIENT_TIMEOUT_MS = 20_000

/** Any failure (a missing response among them) is logged and becomes the fallback reply. */
async function requestReply(message: string): Promise<string> {
  // Not AbortSignal.timeout: iOS 15, the last of older iPhones, lacks it.
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(new Error('The assistant did not answer in time')), CLIENT_TIMEOUT_MS)
  try {
    const { response } = await askAssistant({ data: { message }, signal: controller.signal })
    const reply = response.trim()
    if (!reply) throw new Error('The assistant answered without a response')
    return reply
  } catch (error) {
    console.error('[chat] the assistant could not answer', error)
    return assistant.fallback
  } finally {
    clearTimeout(timer)
  }
}

/** A 44 px round button named by its label; the icon is hidden from assistive technology. */
function RoundIconButton({
  label,
  icon: Icon,
  className,
  ...props
}: ComponentProps<'button'> & { label: string; icon: LucideIcon }) {
  return (
    <button
      aria-label={label}
      className={`grid size-11 shrink-0 place-items-center rounded-full ${className}`}
      {...props}
    >
      <Icon className="size-5" aria-hidden="true" />
    </button>
  )
}

function BotText({ text }: { text: string }) {
  const parts = text.split(site.phone)
  return parts.map((part, index) => (
    <span key={index}>
      {part}
      {index < parts.length - 1 && (
        <a href={site.phoneHref} className="font-semibold whitespace-nowrap text-brand-800 underline">
          {site.phone}
        </a>
      )}
    </span>
  ))
}

interface ChatPanelProps {
  id: string
  open: boolean
  onClose: () => void
}

export default function ChatPanel({ id, open, onClose }: ChatPanelProps) {
  const [messages, setMessages] = useState<ChatMessage[]>(() => [{ text: assistant.greeting, isBot: true }])
  const [draft, setDraft] = useState('')
  const [pending, setPending] = useState(false)
  const [announcement, setAnnouncement] = useState('')
  const inputRef = useRef<HTMLInputElement>(null)
  const listRef = useRef<HTMLOListElement>(null)
  const titleId = `${id}-title`
  const panelRef = useRef<HTMLDivElement>(null)
  // Stays shown while it shrinks away after a close (inert by then, so nothing in it can be reached).
  const [shown, setShown] = useState(open)
  if (open && !shown) setShown(true)
  const wasOpen = useRef(false)
  const closing = useRef(false)

  // Before paint, so an opening panel is never seen at full size first.
  useLayoutEffect(() => {
    const panel = panelRef.current
    if (!panel || open === wasOpen.current) return
    wasOpen.current = open
    if (prefersReducedMotion()) {
      if (!open) setShown(false)
      return
    }
    if (open) {
      const animation = openPanel(panel, closing.current)
      closing.current = false
      return () => animation.stop()
    }
    closing.current = true
    const animation = closePanel(panel)
    void animation.finished.then(() => {
      if (!closing.current) return
      closing.current = false
      setShown(false)
    })
    return () => animation.stop()
  }, [open])

  useEffect(() => {
    if (open && !pending) inputRef.current?.focus()
  }, [open, pending])

  useEffect(() => {
    if (!open) return
    const id = setTimeout(() => setAnnouncement((current) => current || assistant.greeting), 150)
    return () => clearTimeout(id)
  }, [open])

  useEffect(() => {
    const list = listRef.current
    if (list) list.scrollTop = list.scrollHeight
  }, [messages, pending])

  async function send(event: FormEvent) {
    event.preventDefault()
    const text = draft.trim()
    if (!text || pending) return
    setMessages((current) => [...current, { text, isBot: false }])
    setDraft('')
    setPending(true)
    const reply = await requestReply(text)
    setMessages((current) => [...current, { text: reply, isBot: true }])
    setAnnouncement(`${assistant.name}: ${reply}`)
    setPending(false)
  }

  return (
    <div
      ref={panelRef}
      id={id}
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      hidden={!shown}
      inert={!open}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation()
          onClose()
        }
      }}
      className="fixed right-4 bottom-20 z-40 flex origin-bottom-right h-[min(32rem,calc(100dvh-9rem))] w-[calc(100vw-2rem)] flex-col overflow-hidden rounded-2xl bg-white shadow-2xl ring-1 ring-slate-200 sm:w-96"
    >
      <div className="flex items-start justify-between gap-3 bg-brand-800 px-4 py-3 text-white">
        <div>
          <h2 id={titleId} className="text-base font-bold">
            {assistant.name}
          </h2>
          <p className="text-xs text-brand-100">{assistant.role}</p>
        </div>
        <RoundIconButton
          type="button"
          onClick={onClose}
          label="Close chat"
          icon={X}
          className="hover:bg-brand-700 focus-visible:outline-accent-300"
        />
      </div>

      <ol ref={listRef} aria-label="Conversation" className="flex-1 space-y-3 overflow-y-auto bg-slate-50 p-4 text-sm">
        {messages.map((message, index) => (
          <li key={index} className={message.isBot ? 'flex justify-start' : 'flex justify-end'}>
            <p
              className={
                message.isBot
                  ? 'max-w-[85%] rounded-2xl rounded-bl-sm bg-white px-3 py-2 whitespace-pre-line text-slate-800 ring-1 ring-slate-200'
                  : 'max-w-[85%] rounded-2xl rounded-br-sm bg-brand-700 px-3 py-2 whitespace-pre-line text-white'
              }
            >
              <span className="sr-only">{message.isBot ? `${assistant.name}: ` : 'You: '}</span>
              {message.isBot ? <BotText text={message.text} /> : message.text}
            </p>
          </li>
        ))}
        {pending && (
          <li className="flex items-center gap-2 text-slate-600">
            <span aria-hidden="true" className="flex gap-1 rounded-2xl bg-white px-3 py-3 ring-1 ring-slate-200">
              <span className="size-1.5 animate-bounce rounded-full bg-slate-500 [animation-delay:-0.3s]" />
              <span className="size-1.5 animate-bounce rounded-full bg-slate-500 [animation-delay:-0.15s]" />
              <span className="size-1.5 animate-bounce rounded-full bg-slate-500" />
            </span>
            <span className="text-xs">{assistant.name} is typing…</span>
          </li>
        )}
      </ol>

      <p role="status" className="sr-only">
        {announcement}
      </p>

      <form onSubmit={send} className="flex items-center gap-2 border-t border-slate-200 p-3">
        <label htmlFor={`${id}-input`} className="sr-only">
          Message {assistant.name}
        </label>
        <input
          ref={inputRef}
          id={`${id}-input`}
          type="text"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          placeholder={assistant.placeholder}
          maxLength={assistant.maxMessageLength}
          autoComplete="off"
          enterKeyHint="send"
          disabled={pending}
          className="min-h-11 min-w-0 flex-1 rounded-full border border-slate-300 px-4 text-base text-slate-900 placeholder:text-slate-500 disabled:bg-slate-100 sm:text-sm"
        />
        <RoundIconButton
          type="submit"
          disabled={pending}
          label="Send message"
          icon={Send}
          className="bg-brand-700 text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:bg-slate-400"
        />
      </form>
    </div>
  )
}
