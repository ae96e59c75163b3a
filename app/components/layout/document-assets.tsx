import { Asset, useHydrated, useRouter, useTags, type RouterManagedTag } from '@tanstack/react-router'

// docs/decisions/001-deferred-entry-loader.md
import entryLoaderSrc from './entry-loader.js?script-file'
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
// laid out from the start, so the offset finds what the visitor was reading (decision 012). A scroll before
// hydration is noted, not measured: reading the offset then could force a layout (app/lib/page/scroll.ts).
const RETURN_AND_SCROLL_NOTES = `(function(d,n){if(n&&(n.type==='reload'||n.type==='back_forward'))d.dataset.${RENDER_ALL_KEY}='';addEventListener('scroll',function(){d.setAttribute('data-scrolled','')},{once:true,passive:true})})(document.documentElement,performance.getEntriesByType&&performance.getEntriesByType('navigation')[0])`

export function ReturnAndScrollNotes() {
  const nonce = useRouter().options.ssr?.nonce
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: RETURN_AND_SCROLL_NOTES }} />
}

/** The route's JSON-LD, at the end of the body: search engines read it there as in the head. */
export function StructuredData() {
  return useTags()
    .filter(isStructuredData)
    .map((tag, index) => <Asset {...tag} key={index} />)
}

// The loader is a file fetched once the browser has reported the first contentful paint (a hidden tab: at once;
// without paint timing: a frame later), so it is no part of that paint; it reads what to load from this tag's
// data (decision 001).
const ADD_LOADER_AFTER_PAINT = `(function(s){function go(){var l=document.createElement('script');l.src=s.dataset.src;document.body.appendChild(l)}var P=window.PerformanceObserver;if(document.visibilityState==='hidden')go();else if(P&&(P.supportedEntryTypes||[]).indexOf('paint')>=0)new P(function(l,o){if(l.getEntriesByName('first-contentful-paint').length){o.disconnect();go()}}).observe({type:'paint',buffered:true});else requestAnimationFrame(function(){setTimeout(go,0)})})(document.currentScript)`

// <Scripts> with the entry loaded by the entry loader; the router's scripts remove themselves once run.
export function DeferredEntryScripts() {
  const router = useRouter()
  const hydrated = useHydrated()
  const manifest = router.ssr?.manifest
  if (!manifest || hydrated) return null
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
      nonce={router.options.ssr?.nonce}
      suppressHydrationWarning
      data-src={entryLoaderSrc}
      data-preloads={[...preloads].join(' ')}
      data-entries={entries.join(' ')}
      data-fallback-ms={LOADER_FALLBACK_MS}
      dangerouslySetInnerHTML={{ __html: ADD_LOADER_AFTER_PAINT }}
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
