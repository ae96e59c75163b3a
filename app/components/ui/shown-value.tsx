import { useState, type ComponentProps } from 'react'

/**
 * What a field shows now: during hydration, what was typed, chosen or ticked before the scripts ran (React puts its
 * own value back into a controlled field, and into a hydrated textarea); on the server, the server's.
 */
export function shownValue<T extends string | boolean>(id: string, server: T): T {
  if (typeof document === 'undefined') return server
  const field = document.getElementById(id) as HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement | null
  if (!field) return server
  return (typeof server === 'boolean' ? (field as HTMLInputElement).checked : field.value) as T
}

/**
 * Uncontrolled, it starts from what was typed before the scripts ran: React puts a hydrated textarea's server text
 * back (a refused post's, the saved terms), whatever was typed over it meanwhile.
 */
export function TypedTextarea({ defaultValue, ...props }: ComponentProps<'textarea'> & { id: string }) {
  const [typed] = useState(() => (typeof defaultValue === 'string' ? shownValue(props.id, defaultValue) : defaultValue))
  return <textarea {...props} defaultValue={typed} />
}
