import { getRequest, getRequestIP } from '@tanstack/react-start/server'
import { runtimeConfig } from '../config.server'
import { forwardedClient } from './trusted-proxy.server'

export function peerAddress(request: Request): string | undefined {
  const own = (request as { ip?: unknown }).ip
  if (typeof own === 'string') return own
  try {
    return getRequestIP()
  } catch {
    return undefined
  }
}

export function fromTrustedProxy(request: Request): boolean {
  const peer = peerAddress(request)
  return peer !== undefined && runtimeConfig().trustedProxy(peer, 0)
}

export function visitorAddress(request: Request = getRequest()): string {
  return forwardedClient(request.headers.get('x-forwarded-for'), peerAddress(request), runtimeConfig().trustedProxy)
}
