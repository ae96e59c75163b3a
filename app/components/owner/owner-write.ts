// A write from an owner view, under the QueryClient the owner's frame provides: pending while it runs, then its
// answer in words.
import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { errorText } from './owner-field'

/**
 * `call` as a mutation with the message the owner reads: `said` once written ('' clears it), or the refusal. `after`
 * then puts the answer in place (the leads cache, the view's state, or its loader read again); pending lasts until a
 * promise it returns settles.
 */
export function useOwnerWrite<Input = void, Output = unknown>(
  call: (input: Input) => Promise<Output>,
  { said = '', after }: { said?: string | ((input: Input) => string); after?: (output: Output) => unknown } = {},
) {
  const [message, setMessage] = useState('')
  const mutation = useMutation({
    mutationFn: call,
    onSuccess: (output, input) => (setMessage(typeof said === 'string' ? said : said(input)), after?.(output)),
    onError: (error) => setMessage(errorText(error)),
  })
  return { ...mutation, message, setMessage }
}
