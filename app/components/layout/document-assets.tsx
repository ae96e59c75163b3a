import { Asset, useHydrated, useRouter, useTags } from '@tanstack/react-router'

/*
 * The page's JavaScript is fetched only after the browser has painted the server-rendered page.
 *
 * TanStack's <HeadContent> lists every module of the first load as <link rel="modulepreload"> in the head, and
 * <Scripts> ends the body with the entry module. On a slow connection those ~100 KB compete with the HTML for
 * the wire, and the first paint (the largest text or the hero) waits for bandwidth it does not need: the
 * page is fully server-rendered and styled by its inline CSS. Here the head keeps everything but those
 * preloads, and the body ends with a small inline loader that adds the same preloads and the entry module
 * once a frame of the page (and its LCP photo, if any) has been painted. React then hydrates as before.
 */

/** <HeadContent> without the module preloads; DeferredEntryScripts adds them after the first paint. */
export function HeadTags() {
  const tags = useTags()
  const nonce = useRouter().options.ssr?.nonce
  return (
    <>
      {tags
        .filter((tag) => !(tag.tag === 'link' && tag.attrs?.rel === 'modulepreload'))
        .map((tag) => (
          <Asset {...tag} key={`tsr-meta-${JSON.stringify(tag)}`} nonce={nonce} />
        ))}
    </>
  )
}

/** At the latest, the loader starts the page's JavaScript this long after it runs, whatever has painted. */
export const LOADER_FALLBACK_MS = 3000

/**
 * The loader: once the browser reports the page's first contentful paint, and the paint of its high-priority
 * photo (the LCP image, if the page has one; Element Timing), or after LOADER_FALLBACK_MS, it adds the entry
 * module script and the preloads, three per task (starting a fetch costs the main thread about half a
 * millisecond). Waiting for the browser's own paint entries, not just a frame callback, guarantees that no
 * script request competes with what the visitor first sees: a frame callback can run before that frame reaches
 * the screen. Browsers without those entry types wait for a frame (and the photo's load event) instead. In a
 * hidden tab it starts at once.
 * A photo out of view when the page first renders (on a small phone the services and epoxy photos sit below
 * the fold) is not what the visitor first sees, so the scripts do not wait for it; an IntersectionObserver
 * tells, from the layout the browser does anyway (measuring it from a script could force one).
 */
function loaderSource(preloads: string[], entries: string[]): string {
  return `(function(p,e){var d=document,P=window.PerformanceObserver,t=P&&P.supportedEntryTypes||[],left=1,done=!1;function batch(){p.splice(0,3).forEach(function(h){var l=d.createElement("link");l.rel="modulepreload";l.href=h;d.head.appendChild(l)});if(p.length)setTimeout(batch,0)}function go(){if(done)return;done=!0;e.forEach(function(h){var s=d.createElement("script");s.type="module";s.src=h;d.body.appendChild(s)});setTimeout(batch,0)}if(d.visibilityState==="hidden")return go();function settle(){if(--left===0)setTimeout(go,0)}function once(f){var n=0;return function(){if(!n++)f()}}function afterFrame(f){requestAnimationFrame(function(){setTimeout(f,0)})}function seen(type,test,f){var o=new P(function(list){if(list.getEntries().some(test)){o.disconnect();f()}});o.observe({type:type,buffered:!0})}setTimeout(go,${LOADER_FALLBACK_MS});if(t.indexOf("paint")<0)afterFrame(settle);else seen("paint",function(x){return x.name==="first-contentful-paint"},settle);[].forEach.call(d.images,function(i){if(i.getAttribute("fetchpriority")!=="high")return;left++;var f=once(settle),id=i.getAttribute("elementtiming");if(window.IntersectionObserver){var io=new IntersectionObserver(function(x){io.disconnect();if(!x[0].isIntersecting)f()});io.observe(i)}i.addEventListener("error",f);if(i.complete&&!i.naturalWidth)return f();if(id&&t.indexOf("element")>=0)seen("element",function(x){return x.identifier===id},f);else if(i.complete)afterFrame(f);else i.addEventListener("load",function(){afterFrame(f)})})})(${JSON.stringify(preloads)},${JSON.stringify(entries)})`
}

/**
 * <Scripts> with the entry module loaded by the inline loader instead of a <script src>. The server also writes
 * the router's initial hydration scripts (they remove themselves once run, so the browser hydrates the loader
 * alone). Route-level `scripts` are not used by this site; head scripts (JSON-LD) stay in <HeadTags>.
 */
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
    <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: loaderSource([...preloads], entries) }} />
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
