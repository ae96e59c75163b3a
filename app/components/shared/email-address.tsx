import { Fragment } from 'react'

/** The address's pieces: "quotes@", "deltabreeze", ".example". */
export function emailLinePieces(email: string): string[] {
  const at = email.lastIndexOf('@') + 1
  const labels = email.slice(at).split('.')
  return [email.slice(0, at), ...labels.map((label, index) => (index === 0 ? label : `.${label}`))]
}

/** An e-mail address that wraps, when it must, after the @ or before a dot of its domain, never mid-word. */
export function EmailAddress({ email }: { email: string }) {
  return emailLinePieces(email).map((piece, index) => (
    <Fragment key={index}>
      {index > 0 && <wbr />}
      {piece}
    </Fragment>
  ))
}
