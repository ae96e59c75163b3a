import { describe, expect, it } from 'vitest'
import { pageOnlyCss } from '~/platform/http/page-css.server'

// The shape of this build's minified Tailwind output: layers, escaped class names, variants in @media.
const WHOLE_SHEET = [
  '/*! tailwindcss */',
  '@layer properties;@layer theme,base,components,utilities;',
  '@layer theme{:root,:host{--font-sans:system-ui;--color-red-700:#c10007;--color-brand-700:#0369a1;--default-font-family:var(--font-sans)}}',
  '@layer base{*,:after{box-sizing:border-box}html{font-family:var(--default-font-family)}table{border-collapse:collapse}:where(select:is([multiple],[size])) optgroup{font-weight:bolder}:-moz-focusring:where(:not(iframe)){outline:auto}}',
  '@layer components;',
  '@layer utilities{',
  '.flex{display:flex}',
  '.shadow{--tw-shadow:0 1px #0000;box-shadow:var(--tw-shadow)}',
  '.hidden{display:none}',
  '.py-0\\.5{padding-block:.125rem}',
  '.w-1\\/2{width:50%}',
  '.text-brand-700{color:var(--color-brand-700)}',
  '.\\[\\&_\\:focus-visible\\]\\:outline-accent-300 :focus-visible{outline-color:#fcd34d}',
  '.group-hover\\:underline:is(:where(.group):hover *){text-decoration-line:underline}',
  '.peer-open\\:block:is(:where(.peer)[open]~*){display:block}',
  '.space-y-4>:not(:last-child),.gap-4{margin-block-end:1rem}',
  '.shown:not(.is-hidden){opacity:1}',
  '@media (width>=40rem){.sm\\:hidden{display:none}.sm\\:flex{display:flex}}',
  '@media (width>=64rem){.lg\\:grid{display:grid}}',
  '}',
  '@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}',
  '@keyframes spin{to{transform:rotate(360deg)}}',
  '[data-held-until-paint]{content-visibility:hidden}',
].join('')

function page(classes: string[]) {
  const body = classes.map((names) => `<div class="${names}">x</div>`).join('')
  return `<!DOCTYPE html><html><head><style data-tsr-inline-css="">${WHOLE_SHEET}</style><style>.other{}</style></head><body>${body}</body></html>`
}

const inlineCss = (html: string) => html.match(/<style data-tsr-inline-css=""[^>]*>([^<]*)<\/style>/)![1]

describe('a stored page’s own CSS', () => {
  it('keeps the rules its classes match, in their order, with every rule that needs no class', () => {
    const html = pageOnlyCss(
      page(['flex py-0.5 w-1/2', 'sm:flex [&amp;_:focus-visible]:outline-accent-300', 'shown']),
      '/assets/index-abc.css',
    )
    expect(inlineCss(html)).toBe(
      [
        '/*! tailwindcss */',
        '@layer properties;@layer theme,base,components,utilities;',
        '@layer theme{:root,:host{--font-sans:system-ui;--default-font-family:var(--font-sans)}}',
        '@layer base{*,:after{box-sizing:border-box}html{font-family:var(--default-font-family)}:-moz-focusring:where(:not(iframe)){outline:auto}}',
        '@layer components;',
        '@layer utilities{',
        '.flex{display:flex}',
        '.py-0\\.5{padding-block:.125rem}',
        '.w-1\\/2{width:50%}',
        '.\\[\\&_\\:focus-visible\\]\\:outline-accent-300 :focus-visible{outline-color:#fcd34d}',
        '.shown:not(.is-hidden){opacity:1}',
        '@media (width>=40rem){.sm\\:flex{display:flex}}',
        '}',
        '@keyframes spin{to{transform:rotate(360deg)}}',
        '[data-held-until-paint]{content-visibility:hidden}',
      ].join(''),
    )
  })

  it('keeps the theme’s variables and the registered properties its rules or its style attributes use', () => {
    const html = page(['shadow', 'text-brand-700']).replace(
      '<div class="shadow"',
      '<div style="color:var(--color-red-700)" class="shadow"',
    )
    const css = inlineCss(pageOnlyCss(html, '/x.css'))
    expect(css).toContain(
      '@layer theme{:root,:host{--font-sans:system-ui;--color-red-700:#c10007;--color-brand-700:#0369a1;--default-font-family:var(--font-sans)}}',
    )
    expect(css).toContain('@property --tw-shadow{')
  })

  it('keeps a rule when one selector of its list matches, and a variant only with the class it depends on', () => {
    const css = inlineCss(pageOnlyCss(page(['gap-4', 'group-hover:underline peer-open:block', 'peer']), '/x.css'))
    expect(css).toContain('.space-y-4>:not(:last-child),.gap-4{')
    expect(css).toContain('.peer-open\\:block:is(:where(.peer)[open]~*)')
    expect(css).not.toContain('.group-hover\\:underline')
  })

  it('says where the whole stylesheet is and changes nothing else in the page', () => {
    const original = page(['flex'])
    const html = pageOnlyCss(original, '/assets/index-abc.css')
    expect(html).toMatch(
      /^<!DOCTYPE html><html><head><style data-tsr-inline-css="" data-whole-stylesheet="\/assets\/index-abc.css">/,
    )
    expect(html.slice(html.indexOf('</style>'))).toBe(original.slice(original.indexOf('</style>')))
  })

  it('keeps a rule that names elements only when the page has them all, outside brackets', () => {
    const withTable = page(['flex']).replace('</body>', '<table><tr><td>1</td></tr></table><select></select></body>')
    expect(inlineCss(pageOnlyCss(withTable, '/x.css'))).toContain('table{border-collapse:collapse}')
    const without = inlineCss(pageOnlyCss(page(['flex']).replace('</body>', '<select></select></body>'), '/x.css'))
    expect(without).not.toContain('table{')
    // `select` is inside brackets, `optgroup` is the element styled: no optgroup, no rule.
    expect(without).not.toContain('optgroup')
  })
})
