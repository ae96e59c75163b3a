import { gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { documentParts, gzipBytesByPart } from './document-bytes'

const html = [
  '<!DOCTYPE html><html><head><title>A <p> in a title</title><style>p{color:red}</style></head><body>',
  '<header><div><div>Menu</div></div></header><main>',
  '<section id="hero"><noscript><p>No script</p></noscript><div><div>x</div><p>Hero text &amp; more</p></div></section>',
  '<section aria-labelledby="areas-heading"><img alt="A driveway" src="/img/a.avif"/></section>',
  '</main><footer>Footer</footer>',
  '<script type="application/ld+json">{"@type":"Organization"}</script>',
  '<script>$_TSR.router=1</script><script defer="" src="/assets/entry-loader-a1.js" data-entries="/assets/index.js"></script></body></html>',
].join('')

describe('where a document spends its bytes', () => {
  it('splits the document into parts that cover it and add up to its gzip size', () => {
    const parts = documentParts(html)
    expect(parts.map((part) => part.label)).toEqual([
      'head',
      'CSS',
      'head',
      'header',
      'main: hero',
      'main: areas',
      'after main',
      'JSON-LD',
      'hydration data',
      'entry loader',
      'after main',
    ])
    expect(parts.map((part) => html.slice(part.start, part.end)).join('')).toBe(html)
    const sizes = Object.values(gzipBytesByPart(html))
    expect(sizes.reduce((a, b) => a + b)).toBe(gzipSync(html, { level: 9 }).length)
  })
})
