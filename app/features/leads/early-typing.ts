import { VISIT_SOURCE_FIELD } from '~/features/leads/visit-source-constants'
import { visitSourceText } from '~/features/leads/visit-source'

/** What the visitor typed into a quote form before its code ran, kept outside React's tree. */
export interface EarlyTyping {
  values: Partial<Record<string, string>>
  /** The field that had focus, to give it back when its element is replaced. */
  focused: string | null
}

type Field = HTMLInputElement | HTMLSelectElement

const isField = (target: unknown): target is Field =>
  target instanceof HTMLInputElement || target instanceof HTMLSelectElement

function record(early: EarlyTyping, target: EventTarget | null) {
  if (!isField(target) || !target.name) return
  if (target instanceof HTMLInputElement && target.type === 'radio') {
    if (target.checked) early.values[target.name] = target.value
  } else {
    early.values[target.name] = target.value
  }
}

/**
 * Records every field of the section as the visitor types. React may replace a form it has not hydrated
 * yet (an update reached it before its code loaded); what was typed must survive that. Listened for on
 * `window` in the capture phase: React stops events aimed at a part of the page it has not hydrated.
 * A plain post made before the form's code runs gets the visit's source here, just before it leaves.
 */
export function watchTyping(section: HTMLElement, early: EarlyTyping): () => void {
  for (const field of section.querySelectorAll('input, select')) record(early, field)
  const inSection = (event: Event) => event.target instanceof Node && section.contains(event.target)
  const onInput = (event: Event) => {
    if (inSection(event)) record(early, event.target)
  }
  const onFocusIn = (event: FocusEvent) => {
    if (!inSection(event)) return
    early.focused = isField(event.target) ? event.target.name || null : null
  }
  const onSubmit = (event: Event) => {
    const field = event.target instanceof HTMLFormElement && event.target.elements.namedItem(VISIT_SOURCE_FIELD)
    if (inSection(event) && field instanceof HTMLInputElement) field.value = visitSourceText()
  }
  const onFocusOut = (event: FocusEvent) => {
    if (!inSection(event)) return
    const target = event.target as Field
    // A field removed with focus keeps its claim; one the visitor left does not.
    queueMicrotask(() => {
      if (target.isConnected && early.focused === target.name) early.focused = null
    })
  }
  const listeners = [
    ['input', onInput],
    ['change', onInput],
    ['focusin', onFocusIn],
    ['focusout', onFocusOut],
    ['submit', onSubmit],
  ] as const
  for (const [type, listener] of listeners) window.addEventListener(type, listener as EventListener, true)
  return () => {
    for (const [type, listener] of listeners) window.removeEventListener(type, listener as EventListener, true)
  }
}

/** Gives focus back to the field the visitor was in, when a new form took the old one's place. */
export function restoreFocus(form: HTMLFormElement | null, early: EarlyTyping) {
  const active = document.activeElement
  if (!form || !early.focused || (active && active !== document.body)) return
  const field = form.elements.namedItem(early.focused)
  if (!isField(field)) return
  field.focus({ preventScroll: true })
  if (field instanceof HTMLInputElement && (field.type === 'text' || field.type === 'tel'))
    field.setSelectionRange(field.value.length, field.value.length)
}
