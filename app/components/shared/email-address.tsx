import { Fragment } from 'react'

export function emailLinePieces(email: string): string[] {
  const at = email.lastIndexOf('@') + 1
  const labels = email.slice(at).split('.')
  return [email.slice(0, at), ...labels.map((label, index) => (index === 0 ? label : `.${label}`))]
}

/** Wraps, when it must, after the @ or before a dot, never mid-word. */
export function EmailAddress({ email }: { email: string }) {
  return emailLinePieces(email).map((piece, index) => (
    <Fragment key={index}>
      {index > 0 && <wbr />}
      {piece}
    </Fragment>
  ))
}
