import { getRequest, getRequestIP } from '@tanstack/react-start/server'
import { runtimeConfig } from '../config.server'

/**
 * The visitor's address from the socket and `X-Forwarded-For`. Each trusted proxy appends the address it
 * saw, so with `hops` proxies the visitor is the entry that many from the right; anything further left
 * was written by the visitor and is ignored.
 */
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

/** The current request's visitor address; every rate limit and stored IP hash uses this one. */
export function visitorAddress(request: Request = getRequest()): string {
  return addressFrom(request.headers.get('x-forwarded-for'), getRequestIP(), runtimeConfig().trustProxyHops)
}
