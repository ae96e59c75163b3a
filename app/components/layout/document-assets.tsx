import { Asset, useHydrated, useRouter, useTags, type RouterManagedTag } from '@tanstack/react-router'

// docs/decisions/001-deferred-entry-loader.md
import startEntrySource from './entry-loader.js?inline-script'
import { RENDER_ALL_KEY } from '~/lib/page/scroll'
import { LOADER_FALLBACK_MS } from './loader-fallback'

const isStructuredData = (tag: RouterManagedTag) => tag.attrs?.type === 'application/ld+json'

/**
 * <HeadContent> without the module preloads, which the loader adds after the first paint, and without the
 * structured data, which StructuredData puts after the page's text: the first round trip carries what paints.
 */
export function HeadTags() {
  const tags = useTags()
  const nonce = useRouter().options.ssr?.nonce
  return (
    <>
      {tags
        .filter((tag) => !(tag.tag === 'link' && tag.attrs?.rel === 'modulepreload') && !isStructuredData(tag))
        .map((tag) => (
          <Asset {...tag} key={`tsr-meta-${JSON.stringify(tag)}`} nonce={nonce} />
        ))}
    </>
  )
}

// A reload, or a Back that loads the page again, restores the old offset before the app runs: every section is
// laid out from the start, so the offset finds what the visitor was reading (decision 012).
const RENDER_ALL_ON_RETURN = `(function(n){if(n&&(n.type==='reload'||n.type==='back_forward'))document.documentElement.dataset.${RENDER_ALL_KEY}=''})(performance.getEntriesByType&&performance.getEntriesByType('navigation')[0])`

export function RenderWholeOnReturn() {
  const nonce = useRouter().options.ssr?.nonce
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: RENDER_ALL_ON_RETURN }} />
}

/** The route's JSON-LD, at the end of the body: search engines read it there as in the head. */
export function StructuredData() {
  return useTags()
    .filter(isStructuredData)
    .map((tag, index) => <Asset {...tag} key={index} />)
}

function loaderSource(preloads: string[], entries: string[]): string {
  return `(${startEntrySource})(${JSON.stringify(preloads)},${JSON.stringify(entries)},${LOADER_FALLBACK_MS})`
}

// <Scripts> with the entry loaded by the inline loader; the router's scripts remove themselves once run.
export function DeferredEntryScripts() {
  const router = useRouter()
  const hydrated = useHydrated()
  const manifest = router.ssr?.manifest
  if (!manifest || hydrated) return null
  const nonce = router.options.ssr?.nonce
  const preloads = new Set<string>()
  const entries: string[] = []
  for (const match of router.stores.matches.get()) {
    const route = manifest.routes[match.routeId]
    for (const preload of route?.preloads ?? []) preloads.add(typeof preload === 'string' ? preload : preload.href)
    for (const script of route?.scripts ?? []) {
      if (typeof script.attrs?.src === 'string') entries.push(script.attrs.src)
    }
  }
  const loader = (
    <script
      nonce={nonce}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: loaderSource([...preloads], entries) }}
    />
  )
  const hydrationScripts = router.isServer ? router.serverSsr?.takeInitialHydrationScriptTags() : undefined
  if (!hydrationScripts) return loader
  return (
    <>
      {hydrationScripts.before.map((script, index) => (
        <Asset key={`tsr-hydration-${index}`} {...script} />
      ))}
      {loader}
      <Asset {...hydrationScripts.boundary} />
    </>
  )
}
