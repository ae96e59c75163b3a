import { getRequest, getRequestIP } from '@tanstack/react-start/server'
import { runtimeConfig } from '../config.server'

/** With `hops` trusted proxies the visitor is that many from the right; anything further left is forged. */
export function addressFrom(forwardedFor: string | null, socketAddress: string | undefined, hops: number): string {
  if (hops > 0 && forwardedFor) {
    const entries = forwardedFor
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean)
    const entry = entries[Math.max(0, entries.length - hops)]
    if (entry) return entry
  }
  return socketAddress?.trim() || 'unknown'
}

export function visitorAddress(request: Request = getRequest()): string {
  return addressFrom(request.headers.get('x-forwarded-for'), getRequestIP(), runtimeConfig().trustProxyHops)
}
