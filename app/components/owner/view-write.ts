// A write from an owner view its route loads (Due again, Truck days): busy while it runs, its answer in words, then
// the view read again by its loader.
import { useRouter } from '@tanstack/react-router'
import { useState } from 'react'
import { errorText } from './owner-field'

export function useViewWrite() {
  const router = useRouter()
  const [status, setStatus] = useState('')
  const [busy, setBusy] = useState(false)
  /** True once written and read again; false when refused, the reason then in `status`. */
  async function write(call: () => Promise<unknown>, done: string): Promise<boolean> {
    setBusy(true)
    try {
      await call()
      setStatus(done)
      await router.invalidate()
      return true
    } catch (error) {
      setStatus(errorText(error))
      return false
    } finally {
      setBusy(false)
    }
  }
  return { status, setStatus, busy, write }
}
