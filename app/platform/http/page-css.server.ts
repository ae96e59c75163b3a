// A stored page inlines only the CSS rules its own markup can match; the whole stylesheet follows as a file once
// the page has painted (docs/decisions/056-each-page-its-own-css.md). The input is this build's minified CSS.

/** What one selector of a list needs in the page: these classes and these elements. */
type SelectorNeeds = { classes: string[]; elements: string[] }

/**
 * A rule kept as it is; a style rule kept when the page has what one of its selectors needs; a rule of
 * variables for every element (the theme), and an @property, kept as far as the kept rules use them; a group.
 */
type CssNode =
  | { text: string }
  | { text: string; needs: SelectorNeeds[] }
  | { selectors: string; variables: [name: string, declaration: string][] }
  | { text: string; property: string }
  | { prelude: string; children: CssNode[] }

const GROUPS = new Set(['media', 'supports', 'layer', 'container', 'starting-style'])
const INLINE_STYLE = /<style([^>]*\sdata-tsr-inline-css="")([^>]*)>([\s\S]*?)<\/style>/

/** The end of what starts at `from` (a prelude, or a block's body): the first of `stops` outside strings and (). */
function scan(css: string, from: number, stops: string): number {
  let depth = 0
  for (let i = from; i < css.length; i++) {
    const char = css[i]!
    if (char === '\\') i++
    else if (char === '"' || char === "'") while (++i < css.length && css[i] !== char) i += css[i] === '\\' ? 1 : 0
    else if (depth === 0 && stops.includes(char)) return i
    else if (char === '(' || char === '{') depth++
    else if (char === ')' || char === '}') depth--
  }
  return css.length
}

function unescapeCss(text: string): string {
  return text.replace(/\\([0-9a-fA-F]{1,6}) ?|\\([\s\S])/g, (_, hex: string | undefined, char: string) =>
    hex ? String.fromCodePoint(parseInt(hex, 16)) : char,
  )
}

/** `text` cut at each `separator` outside strings and brackets. */
function split(text: string, separator: string): string[] {
  const parts: string[] = []
  for (let at = 0; at < text.length;) {
    const end = scan(text, at, separator)
    parts.push(text.slice(at, end))
    at = end + 1
  }
  return parts
}

/**
 * Each selector's classes, and the elements it names outside brackets (inside, `:is(a, b)` needs only one of
 * them); a class under :not() is one the element lacks, so it is left out.
 */
function selectorNeeds(selectors: string): SelectorNeeds[] {
  return split(selectors, ',').map((selector) => {
    const bare = selector.replace(/:not\((?:[^()]|\([^()]*\))*\)/g, '').replace(/(?<!\\)\[[^\]]*\]/g, '')
    const classes = [...bare.matchAll(/\.((?:\\[0-9a-fA-F]{1,6} ?|\\[\s\S]|[\w-])+)/g)].map((m) => unescapeCss(m[1]!))
    let outside = bare.replace(/\\[0-9a-fA-F]{1,6} ?|\\[\s\S]/g, '_')
    while (/\([^()]*\)/.test(outside)) outside = outside.replace(/\([^()]*\)/g, '')
    const elements = [...outside.matchAll(/(?:^|[\s>+~])([a-zA-Z][\w-]*)/g)].map((m) => m[1]!.toLowerCase())
    return { classes, elements }
  })
}

function parseCss(css: string): CssNode[] {
  const nodes: CssNode[] = []
  for (let i = 0; i < css.length;) {
    if (/\s/.test(css[i]!)) {
      i++
      continue
    }
    if (css.startsWith('/*', i)) {
      const end = css.indexOf('*/', i) + 2
      nodes.push({ text: css.slice(i, end) })
      i = end
      continue
    }
    const open = scan(css, i, '{;')
    const prelude = css.slice(i, open).trim()
    if (css[open] !== '{') {
      nodes.push({ text: css.slice(i, open + 1) })
      i = open + 1
      continue
    }
    const close = scan(css, open + 1, '}')
    const body = css.slice(open + 1, close)
    const atRule = prelude.match(/^@([\w-]+)/)?.[1]
    const text = `${prelude}{${body}}`
    if (atRule) {
      if (GROUPS.has(atRule)) nodes.push({ prelude, children: parseCss(body) })
      else nodes.push(atRule === 'property' ? { text, property: prelude.slice(10).trim() } : { text })
    } else {
      const needs = selectorNeeds(prelude)
      const declarations = split(body, ';')
      if (needs.some((need) => need.classes.length > 0) || !declarations.every((d) => d.startsWith('--')))
        nodes.push({ text, needs })
      else nodes.push({ selectors: prelude, variables: declarations.map((d) => [d.slice(0, d.indexOf(':')), d]) })
    }
    i = close + 1
  }
  return nodes
}

/** The rules that can match the page (so empty groups gone); @layer stays, as it places its layer. */
function matching(nodes: CssNode[], classes: Set<string>, elements: Set<string>): CssNode[] {
  const met = ({ classes: needed, elements: named }: SelectorNeeds) =>
    needed.every((name) => classes.has(name)) && named.every((name) => elements.has(name))
  return nodes.flatMap((node): CssNode[] => {
    if ('children' in node) {
      const children = matching(node.children, classes, elements)
      return children.length || node.prelude.startsWith('@layer') ? [{ ...node, children }] : []
    }
    if ('needs' in node) return node.needs.some(met) ? [node] : []
    return [node]
  })
}

const variablesIn = (text: string) => text.match(/--[\w-]+/g) ?? []

/** Variables the rules (and the page's own style attributes) set or read, with those their values read. */
function usedVariables(nodes: CssNode[], html: string): Set<string> {
  const used = new Set(variablesIn(html))
  const declarations: [string, string][] = []
  const visit = (node: CssNode): void => {
    if ('children' in node) node.children.forEach(visit)
    else if ('variables' in node) declarations.push(...node.variables)
    else if (!('property' in node)) variablesIn(node.text).forEach((name) => used.add(name))
  }
  nodes.forEach(visit)
  for (let before = -1; before !== used.size;) {
    before = used.size
    for (const [name, declaration] of declarations)
      if (used.has(name)) variablesIn(declaration).forEach((read) => used.add(read))
  }
  return used
}

function serialize(nodes: CssNode[], used: Set<string>): string {
  return nodes
    .map((node) => {
      if ('children' in node) return `${node.prelude}{${serialize(node.children, used)}}`
      if ('variables' in node) {
        const kept = node.variables.filter(([name]) => used.has(name)).map(([, declaration]) => declaration)
        return kept.length ? `${node.selectors}{${kept.join(';')}}` : ''
      }
      return 'property' in node && !used.has(node.property) ? '' : node.text
    })
    .join('')
}

/** Every class a class attribute of the page names (React writes & < > " ' as entities). */
function pageClasses(html: string): Set<string> {
  const classes = new Set<string>()
  const entities: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#x27;': "'" }
  for (const [, value = ''] of html.matchAll(/\sclass="([^"]*)"/g)) {
    for (const name of value.replace(/&(?:amp|lt|gt|quot|#x27);/g, (entity) => entities[entity]!).split(/\s+/))
      if (name) classes.add(name)
  }
  return classes
}

/** Every element the page's markup names. */
const pageElements = (html: string) => new Set([...html.matchAll(/<([a-zA-Z][\w-]*)/g)].map((m) => m[1]!.toLowerCase()))

let parsed: { css: string; nodes: CssNode[] } | undefined

/**
 * The page with its inline stylesheet cut to the rules its markup can match, marked with where the whole
 * stylesheet is, which the entry loader links before the page's scripts run.
 */
export function pageOnlyCss(html: string, wholeStylesheetHref: string): string {
  const style = html.match(INLINE_STYLE)
  if (!style) return html
  const [tag, before, after, css = ''] = style
  // One build has one stylesheet: parse it once.
  if (parsed?.css !== css) parsed = { css, nodes: parseCss(css) }
  const page = html.slice(0, style.index) + html.slice(style.index! + tag.length)
  const kept = matching(parsed.nodes, pageClasses(page), pageElements(page))
  const marked = `<style${before} data-whole-stylesheet="${wholeStylesheetHref}"${after}>${serialize(kept, usedVariables(kept, page))}</style>`
  return html.slice(0, style.index) + marked + html.slice(style.index! + tag.length)
}

/** A complete render, for the page cache; as it was in `vite dev`, which has no stylesheet file. */
export async function withPageOnlyCss(response: Response, wholeStylesheetHref: string | undefined) {
  if (!wholeStylesheetHref || !response.body || !response.headers.get('Content-Type')?.startsWith('text/html'))
    return response
  const html = pageOnlyCss(await response.text(), wholeStylesheetHref)
  const headers = new Headers(response.headers)
  headers.delete('Content-Length')
  return new Response(html, { status: response.status, statusText: response.statusText, headers })
}
