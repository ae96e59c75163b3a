import { BlockList, isIP } from 'node:net'

/** `hop` 0 is the socket's peer, 1 the entry it wrote into X-Forwarded-For… */
export type TrustedProxy = (address: string, hop: number) => boolean

// One function, so two configurations that trust no proxy are equal (tests/server/env-file.test.ts).
const trustNoProxy: TrustedProxy = () => false

const NAMED_RANGES: Record<string, string[]> = {
  loopback: ['127.0.0.1/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
}

export function plainAddress(address: string): string {
  const trimmed = address.trim().replace(/^\[(.*)\]$/, '$1')
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(trimmed)
  return mapped ? mapped[1]! : trimmed
}

/** TRUST_PROXY as proxy-addr reads it (README); a message for anything else. */
export function parseTrustProxy(value: string): TrustedProxy | string {
  const setting = value.trim().toLowerCase()
  if (setting === '' || setting === 'false' || setting === '0') return trustNoProxy
  if (/^\d+$/.test(setting)) {
    const hops = Number(setting)
    return (_address, hop) => hop < hops
  }
  const entries = (setting === 'true' ? 'loopback' : setting).split(',').map((entry) => entry.trim())
  const networks = new BlockList()
  for (const entry of entries.flatMap((entry) => NAMED_RANGES[entry] ?? [entry])) {
    const [address = '', prefix, extra] = plainAddress(entry).split('/')
    const family = isIP(address)
    const bits = prefix === undefined ? (family === 6 ? 128 : 32) : Number(prefix)
    if (
      !family ||
      extra !== undefined ||
      (prefix !== undefined && !/^\d+$/.test(prefix)) ||
      bits > (family === 6 ? 128 : 32)
    )
      return `must be a hop count, or proxy addresses or networks such as loopback or 10.0.0.0/8 (bad entry: ${entry})`
    networks.addSubnet(address, bits, family === 6 ? 'ipv6' : 'ipv4')
  }
  return (address) => {
    const plain = plainAddress(address)
    const family = isIP(plain)
    return family !== 0 && networks.check(plain, family === 6 ? 'ipv6' : 'ipv4')
  }
}

/** Entries left of the first untrusted address may be forged. */
export function forwardedClient(forwardedFor: string | null, peer: string | undefined, trusted: TrustedProxy): string {
  const chain = [
    peer?.trim() || 'unknown',
    ...(forwardedFor ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean)
      .reverse(),
  ]
  let hop = 0
  while (hop < chain.length - 1 && trusted(chain[hop]!, hop)) hop++
  return plainAddress(chain[hop]!)
}
