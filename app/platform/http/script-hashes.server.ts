import { createHash } from 'node:crypto'

// docs/decisions/016-hashed-page-scripts.md

const NONCE_IN_POLICY = / ?'nonce-([0-9a-f]{32})'/
/** A data block (JSON-LD) is never run: no hash. */
const DATA_BLOCK = /\stype="(?!(?:text\/javascript|module)")/i

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/** CSP hashes the text as parsed: line breaks normalized. */
export function scriptHash(source: string): string {
  const digest = createHash('sha256').update(source.replace(/\r\n?/g, '\n'), 'utf8').digest('base64')
  return `'sha256-${digest}'`
}

/**
 * A script injected into the page cannot carry the nonce, so it gets no hash. The router's stream boundary script
 * only removes itself: a complete page goes without it (and its hash).
 */
export function hashMarkedScripts(page: string, nonce: string): { html: string; hashes: string[] } {
  const boundary = new RegExp(`<script nonce="${escapeRegExp(nonce)}">[^<]*\\$tsr-stream-boundary[^<]*</script>`, 'g')
  const html = page.replace(boundary, '')
  const marked = new RegExp(`<script\\b([^>]*) nonce="${escapeRegExp(nonce)}"([^>]*)>([\\s\\S]*?)</script[\\s/>]`, 'gi')
  const hashes = new Set<string>()
  for (const [, before = '', after = '', source = ''] of html.matchAll(marked)) {
    const attributes = `${before} ${after}`
    if (/\ssrc=/i.test(attributes) || DATA_BLOCK.test(attributes)) continue
    hashes.add(scriptHash(source))
  }
  const unmarked = html
    .replaceAll(`<meta property="csp-nonce" content="${nonce}"/>`, '')
    .replaceAll(` nonce="${nonce}"`, '')
  return { html: unmarked, hashes: [...hashes] }
}

export function privateIfNonce(response: Response): Response {
  if (!NONCE_IN_POLICY.test(response.headers.get('Content-Security-Policy') ?? '')) return response
  const headers = new Headers(response.headers)
  headers.set('Cache-Control', 'private, no-store')
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers })
}

export async function withScriptHashes(response: Response): Promise<Response> {
  const policy = response.headers.get('Content-Security-Policy')
  const nonce = policy?.match(NONCE_IN_POLICY)?.[1]
  if (!policy || !nonce || !(response.headers.get('Content-Type') ?? '').startsWith('text/html')) return response
  const headers = new Headers(response.headers)
  if (!response.body) {
    headers.set('Content-Security-Policy', policy.replace(NONCE_IN_POLICY, ''))
    return new Response(null, { status: response.status, statusText: response.statusText, headers })
  }
  const rendered = hashMarkedScripts(await response.text(), nonce)
  const sources = rendered.hashes.map((hash) => ` ${hash}`).join('')
  headers.set('Content-Security-Policy', policy.replace(NONCE_IN_POLICY, sources))
  const body = Buffer.from(rendered.html, 'utf8')
  headers.set('Content-Length', String(body.length))
  return new Response(new Uint8Array(body), { status: response.status, statusText: response.statusText, headers })
}
