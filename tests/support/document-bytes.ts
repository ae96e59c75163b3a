// Where a page's document spends its gzip bytes, and how many come before its largest contentful paint (issue 63):
// Chromium names the LCP element in a real load on Lighthouse's phone; it is found again in the HTML the server
// sent, and the document is counted up to that element's end. For bench:size and e2e/first-paint.spec.ts.
import { request, type IncomingHttpHeaders } from 'node:http'
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import type { Browser } from '@playwright/test'

/** Lighthouse's mobile screen: where the LCP element is judged. */
const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true }
const VOID_ELEMENTS = new Set(['img', 'input', 'br', 'hr', 'source', 'embed', 'area', 'wbr', 'track', 'meta', 'link'])

export const gzipBytes = (text: string) => gzipSync(text, { level: 9 }).length

interface LargestPaint {
  tag: string
  /** Its place among the document's elements of that tag when the browser reported it. */
  index: number
  /** Its text; a photo's alt text. */
  text: string
}

/**
 * The stored page at `url` (a never-stored page, a 404, as it comes) once the page cache has it as brotli: its HTML,
 * and its bytes as a browser receives them (brotli, status line and headers), which Lighthouse's simulation sends
 * whole in a new connection's first round trip when they are at most 14,600.
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
    if (cache === undefined || (cache === 'hit' && encoding === 'br')) {
      const decoded = encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body
      return { html: decoded.toString('utf8'), servedBytes }
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`${url} was never stored as brotli`)
}

export const storedDocument = async (url: string) => (await storedPage(url)).html

/** The last largest-contentful-paint candidate of a real load of `url` on a phone. */
export async function largestPaintElement(browser: Browser, url: string): Promise<LargestPaint> {
  const context = await browser.newContext(PHONE)
  try {
    const page = await context.newPage()
    await page.addInitScript(() => {
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { element: Element | null })[]) {
          const element = entry.element
          if (!element) continue
          const index = [...document.getElementsByTagName(element.localName)].indexOf(element)
          const text = (element.localName === 'img' ? element.getAttribute('alt') : element.textContent) ?? ''
          const found = { tag: element.localName, index, text }
          ;(window as unknown as { largestPaint: LargestPaint }).largestPaint = found
        }
      }).observe({ type: 'largest-contentful-paint', buffered: true })
    })
    await page.goto(url, { waitUntil: 'load' })
    await page.waitForLoadState('networkidle')
    return await page.evaluate(() => (window as unknown as { largestPaint: LargestPaint }).largestPaint)
  } finally {
    await context.close()
  }
}

/** The HTML with what the browser does not parse as elements (scripts, styles, comments, raw text) blanked out. */
function elementsOnly(html: string): string {
  return html.replace(
    /<(script|style|noscript|template|textarea|title)\b[^>]*>[\s\S]*?<\/\1\s*>|<!--[\s\S]*?-->/gi,
    (match) => ' '.repeat(match.length),
  )
}

function textOf(markup: string): string {
  const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' }
  return markup
    .replace(/<!--[\s\S]*?-->|<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (match, name: string) =>
      name.startsWith('#')
        ? String.fromCodePoint(Number(name.startsWith('#x') ? `0${name.slice(1)}` : name.slice(1)))
        : (entities[name] ?? match),
    )
    .replace(/\s+/g, ' ')
    .trim()
}

/** Where the element ends in the HTML (a character offset); throws when the HTML there is not that element. */
export function elementEnd(html: string, element: LargestPaint): number {
  const parsed = elementsOnly(html)
  const starts = [...parsed.matchAll(new RegExp(`<${element.tag}[\\s/>]`, 'gi'))]
  const start = starts[element.index]?.index
  if (start === undefined) throw new Error(`no <${element.tag}> number ${element.index} in the HTML`)
  let end = parsed.indexOf('>', start) + 1
  if (!VOID_ELEMENTS.has(element.tag)) {
    let depth = 0
    for (const tag of parsed.slice(start).matchAll(new RegExp(`<(/?)${element.tag}[\\s/>]`, 'gi'))) {
      depth += tag[1] ? -1 : 1
      if (depth === 0) {
        end = parsed.indexOf('>', start + tag.index) + 1
        break
      }
    }
  }
  const markup = html.slice(start, end)
  const text = element.tag === 'img' ? textOf(markup.match(/\salt="([^"]*)"/)?.[1] ?? '') : textOf(markup)
  if (text !== element.text.replace(/\s+/g, ' ').trim())
    throw new Error(`the HTML's <${element.tag}> number ${element.index} is not the one painted`)
  return end
}

/** gzip bytes of the HTML up to `end`, as a stream of the whole page delivers them. */
export const gzipBytesBefore = (html: string, end: number) => gzipBytes(html.slice(0, end))

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
    const upTo = gzipBytesBefore(html, part.end)
    sizes[part.label] = (sizes[part.label] ?? 0) + upTo - before
    before = upTo
  }
  return sizes
}
