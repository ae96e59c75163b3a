// Push endpoints are addresses a signed-in browser hands us and the server then posts to: only public https hosts,
// checked when saved and again, with the name resolved, before each send (docs/decisions/052-hostile-input.md).
import { lookup } from 'node:dns/promises'
import { BlockList, isIP } from 'node:net'

/** Loopback, private, link-local, shared, documentation, multicast and reserved ranges, and every mapped form. */
const NOT_PUBLIC = new BlockList()
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 3],
] as const)
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv4')
for (const [network, prefix] of [
  ['::', 127], // unspecified and loopback
  ['64:ff9b::', 96], // NAT64: the same for any IPv4 address
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv6')

// IPv4-mapped IPv6 (::ffff:127.0.0.1) is a way to name any IPv4 address: refused as IPv6. Its own list, since
// BlockList matches every IPv4 address against a ::ffff:0:0/96 rule.
const MAPPED = new BlockList()
MAPPED.addSubnet('::ffff:0:0', 96, 'ipv6')

const LOOPBACK = new BlockList()
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4')
LOOPBACK.addAddress('::1', 'ipv6')

/** `loopback`: tests only (TEST_ONLY_PUSH_TO_LOOPBACK), for the stand-in push service on 127.0.0.1. */
export interface PushPolicy {
  loopback: boolean
}

const familyOf = (address: string) => (isIP(address) === 6 ? 'ipv6' : 'ipv4')

function allowedLoopback(address: string, policy: PushPolicy): boolean {
  return policy.loopback && isIP(address) !== 0 && LOOPBACK.check(address, familyOf(address))
}

function addressRefusal(address: string, policy: PushPolicy): string | null {
  if (allowedLoopback(address, policy)) return null
  const family = familyOf(address)
  const notPublic = NOT_PUBLIC.check(address, family) || (family === 'ipv6' && MAPPED.check(address, 'ipv6'))
  return notPublic ? `${address} is not a public address` : null
}

/** Why the endpoint may not be used, judged from its text alone; null when it may. */
export function pushEndpointRefusal(endpoint: string, policy: PushPolicy): string | null {
  if (!URL.canParse(endpoint)) return 'the endpoint is not an address'
  const url = new URL(endpoint)
  const host = url.hostname.replace(/^\[|\]$/g, '')
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && allowedLoopback(host, policy)))
    return 'push endpoints are https'
  if (url.username || url.password) return 'the endpoint carries a user name'
  if (isIP(host)) return addressRefusal(host, policy)
  if (!host.includes('.') || /(^|\.)(localhost|local|internal|home\.arpa)$/i.test(host))
    return `${host} is not a public host name`
  return null
}

export type Resolve = (host: string) => Promise<string[]>

const resolveAll: Resolve = async (host) => (await lookup(host, { all: true, verbatim: true })).map((a) => a.address)

/** At send time: the text again, then every address the name resolves to now. */
export async function pushTargetRefusal(
  endpoint: string,
  policy: PushPolicy,
  resolve: Resolve = resolveAll,
): Promise<string | null> {
  const refused = pushEndpointRefusal(endpoint, policy)
  if (refused) return refused
  const host = new URL(endpoint).hostname.replace(/^\[|\]$/g, '')
  if (isIP(host)) return null
  for (const address of await resolve(host)) {
    if (addressRefusal(address, policy)) return `${host} resolves to ${address}, not a public address`
  }
  return null
}
