// Where a stored page's document spends its gzip bytes, for bench:size's table (docs/performance.md).
import { request, type IncomingHttpHeaders } from 'node:http'
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'

const VOID_ELEMENTS = new Set(['img', 'input', 'br', 'hr', 'source', 'embed', 'area', 'wbr', 'track', 'meta', 'link'])

export const gzipBytes = (text: string) => gzipSync(text, { level: 9 }).length

/**
 * The stored page at `url` (a never-stored page, a 404, as it comes) once the page cache has it, as brotli when it
 * keeps that copy: its HTML, and its bytes as a browser receives them (status line and headers included).
 */
export async function storedPage(url: string): Promise<{ html: string; servedBytes: number }> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const { body, headers, servedBytes } = await new Promise<{
      body: Buffer
      headers: IncomingHttpHeaders
      servedBytes: number
    }>((resolve, reject) => {
      const asked = request(url, { headers: { 'Accept-Encoding': 'gzip, deflate, br, zstd' } }, (response) => {
        const { rawHeaders, statusCode, statusMessage } = response
        let head = `HTTP/1.1 ${statusCode} ${statusMessage}\r\n\r\n`.length
        for (let i = 0; i < rawHeaders.length; i += 2) head += `${rawHeaders[i]}: ${rawHeaders[i + 1]}\r\n`.length
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () => {
          const body = Buffer.concat(chunks)
          resolve({ body, headers: response.headers, servedBytes: head + body.length })
        })
      })
      asked.on('error', reject).end()
    })
    const cache = headers['x-page-cache']
    const encoding = headers['content-encoding']
    // The brotli copy follows the gzip within a second (docs/decisions/005-gzip-page-cache.md).
    if (cache === undefined || (cache === 'hit' && (encoding === 'br' || attempt >= 20))) {
      const decoded = encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body
      return { html: decoded.toString('utf8'), servedBytes }
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`${url} was never stored`)
}

export const storedDocument = async (url: string) => (await storedPage(url)).html

/** The HTML with what the browser does not parse as elements (scripts, styles, comments, raw text) blanked out. */
function elementsOnly(html: string): string {
  return html.replace(
    /<(script|style|noscript|template|textarea|title)\b[^>]*>[\s\S]*?<\/\1\s*>|<!--[\s\S]*?-->/gi,
    (match) => ' '.repeat(match.length),
  )
}

/**
 * The document cut into labelled parts that cover it: CSS, JSON-LD, the router's hydration data, the entry loader,
 * other scripts, the head's other tags, and the markup by section (header, each child of <main>, what follows).
 */
export function documentParts(html: string): { label: string; start: number; end: number }[] {
  const scripts: { label: string; start: number; end: number }[] = []
  for (const match of html.matchAll(/<(script|style)\b([^>]*)>([\s\S]*?)<\/\1>/gi)) {
    const [whole, tag, attributes = '', body = ''] = match
    const label =
      tag === 'style'
        ? 'CSS'
        : attributes.includes('application/ld+json')
          ? 'JSON-LD'
          : attributes.includes('entry-loader')
            ? 'entry loader'
            : /\$_TSR|\$R\[/.test(body)
              ? 'hydration data'
              : 'other scripts'
    scripts.push({ label, start: match.index, end: match.index + whole.length })
  }
  const sections = [
    { label: 'head', start: 0 },
    ...markupSections(html),
    { label: 'after main', start: html.indexOf('</main>') },
  ]
  const cuts = [
    ...new Set([0, html.length, ...sections.map((s) => s.start), ...scripts.flatMap((s) => [s.start, s.end])]),
  ]
    .filter((cut) => cut >= 0)
    .sort((a, b) => a - b)
  return cuts.slice(0, -1).map((start, i) => ({
    label:
      scripts.find((script) => script.start <= start && start < script.end)?.label ??
      sections.filter((section) => section.start <= start).at(-1)!.label,
    start,
    end: cuts[i + 1]!,
  }))
}

/** The body up to <main> as "header", then each child of <main> by its id or the heading it is labelled by. */
function markupSections(html: string): { label: string; start: number }[] {
  const parsed = elementsOnly(html)
  const mainStart = parsed.indexOf('<main')
  const sections = [{ label: 'header', start: parsed.indexOf('<body') }]
  let depth = 0
  for (const tag of parsed.slice(mainStart).matchAll(/<(\/?)([a-z][\w-]*)([^>]*?)(\/?)>/gi)) {
    const [, closing, name = '', attributes = '', selfClosing] = tag
    if (selfClosing || VOID_ELEMENTS.has(name.toLowerCase())) continue
    if (closing) {
      if (--depth === 0) break
      continue
    }
    if (depth === 1) {
      const name =
        attributes.match(/\sid="([^"]+)"/)?.[1] ?? attributes.match(/aria-labelledby="([^"]+?)(?:-heading)?"/)?.[1]
      sections.push({ label: `main: ${name ?? `section ${sections.length}`}`, start: mainStart + tag.index })
    }
    depth++
  }
  return sections
}

/**
 * Each label's gzip bytes in the page as served: what the document compressed up to a part's end costs more than up
 * to its start, summed by label, so the parts add up to the whole document.
 */
export function gzipBytesByPart(html: string): Record<string, number> {
  const sizes: Record<string, number> = {}
  let before = 0
  for (const part of documentParts(html)) {
    const upTo = gzipBytes(html.slice(0, part.end))
    sizes[part.label] = (sizes[part.label] ?? 0) + upTo - before
    before = upTo
  }
  return sizes
}
