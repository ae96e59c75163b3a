import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { newNonce } from '../../app/lib/page/nonce'
import { hashMarkedScripts, withScriptHashes } from '../../app/platform/http/script-hashes.server'

function sha256(source: string): string {
  return `'sha256-${createHash('sha256').update(source).digest('base64')}'`
}

/** A page as the renderer writes it: its own scripts marked with the render's nonce. */
function renderedPage(nonce: string, injected = ''): string {
  return [
    `<!DOCTYPE html><html><head><meta charSet="utf-8" nonce="${nonce}"/>`,
    `<meta property="csp-nonce" content="${nonce}"/><style nonce="${nonce}">p{color:red}</style>`,
    `<script type="application/ld+json" nonce="${nonce}">{"@type":"Organization"}</script></head>`,
    `<body><p>${injected}</p><script nonce="${nonce}">self.loader=1</script>`,
    `<script nonce="${nonce}" data-tsr-stream-part="">$R=[]</script>`,
    `<script nonce="${nonce}" type="module" src="/assets/entry.js"></script>`,
    `<script nonce="${nonce}">$RC("B:0","S:0")</script>`,
    `<script nonce="${nonce}">document.currentScript.remove();/*$tsr-stream-boundary*/</script></body></html>`,
  ].join('')
}

describe('hashed page scripts', () => {
  it("lists a hash for each script the renderer ran, and none for one injected into the page's text", () => {
    const nonce = newNonce()
    const { hashes } = hashMarkedScripts(renderedPage(nonce, '<script>steal()</script>'), nonce)
    expect(hashes).toEqual([sha256('self.loader=1'), sha256('$R=[]'), sha256('$RC("B:0","S:0")')])
    expect(hashes).not.toContain(sha256('steal()'))
  })

  it('leaves JSON-LD (never run) and external scripts (allowed by origin) out of the policy', () => {
    const nonce = newNonce()
    const { hashes } = hashMarkedScripts(renderedPage(nonce), nonce)
    expect(hashes).not.toContain(sha256('{"@type":"Organization"}'))
    expect(hashes).not.toContain(sha256(''))
  })

  it('leaves out the stream boundary script, which only removes itself, and its hash', () => {
    const nonce = newNonce()
    const { html, hashes } = hashMarkedScripts(renderedPage(nonce), nonce)
    expect(html).not.toContain('tsr-stream-boundary')
    expect(html).toMatch(/<script>\$RC\("B:0","S:0"\)<\/script><\/body><\/html>$/)
    expect(hashes).toHaveLength(3)
  })

  it('hashes a script with Windows line breaks as the browser reads it', () => {
    const nonce = newNonce()
    const { hashes } = hashMarkedScripts(`<script nonce="${nonce}">a=1\r\nb=2\rc=3</script>`, nonce)
    expect(hashes).toEqual([sha256('a=1\nb=2\nc=3')])
  })

  it('sends the page and its policy without the nonce, the rest of the policy unchanged', async () => {
    const nonce = newNonce()
    const response = await withScriptHashes(
      new Response(renderedPage(nonce), {
        headers: {
          'Content-Type': 'text/html; charset=utf-8',
          'Content-Security-Policy': `default-src 'self'; script-src 'self' 'nonce-${nonce}' https://widget.example; object-src 'none'`,
        },
      }),
    )
    const html = await response.text()
    expect(html).not.toContain(nonce)
    expect(html).toContain('<script>self.loader=1</script>')
    expect(html).toContain('<style>p{color:red}</style>')
    expect(Number(response.headers.get('Content-Length'))).toBe(Buffer.byteLength(html))
    expect(response.headers.get('Content-Security-Policy')).toBe(
      `default-src 'self'; script-src 'self' ${sha256('self.loader=1')} ${sha256('$R=[]')} ${sha256('$RC("B:0","S:0")')} https://widget.example; object-src 'none'`,
    )
  })

  it('passes answers without a nonce policy through untouched', async () => {
    const plain = new Response('User-agent: *', { headers: { 'Content-Type': 'text/plain' } })
    expect(await withScriptHashes(plain)).toBe(plain)
  })
})
