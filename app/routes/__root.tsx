/// <reference types="vite/client" />
import { Suspense, useEffect, type ReactNode } from 'react'
import { Outlet, createRootRoute, useMatches } from '@tanstack/react-router'
import { site } from '~/content/site'
import { SiteHeader } from '~/components/layout/site-header'
import { NotFoundPage } from '~/components/layout/not-found-page'
import { contentSecurityPolicy } from '~/lib/page/content-security-policy'
import { featuredVideoOrigins } from '~/features/reviews/backend.functions'
import { LazyToaster } from '~/components/ui/lazy-toaster'
import { lazyWhenIdle } from '~/lib/page/lazy-when-idle'
import { FloatingFeatures } from '~/components/floating/floating-features'
import {
  DeferredEntryScripts,
  HeadTags,
  ReturnAndScrollNotes,
  StructuredData,
} from '~/components/layout/document-assets'
import { linkWebManifestAfterLoad } from '~/lib/seo/web-manifest'
import { noteVisitSource } from '~/features/leads/visit-source'
// Inline: no request for the tab's icon on the first view.
import faviconDataUrl from '~/components/layout/favicon.svg?inline'
import '~/styles/app.css'

// Server-rendered in full, code fetched at idle: plain links until then.
const SiteFooter = lazyWhenIdle(() => import('~/components/layout/site-footer').then((module) => module.SiteFooter))

export const Route = createRootRoute({
  headers: async ({ ssr }) => ({
    'Content-Security-Policy': contentSecurityPolicy(ssr?.nonce, await featuredVideoOrigins()),
  }),
  head: () => ({
    meta: [
      { charSet: 'utf-8' },
      { name: 'viewport', content: 'width=device-width, initial-scale=1' },
      { name: 'theme-color', content: '#0369a1' },
      { name: 'format-detection', content: 'telephone=no' },
      { name: 'application-name', content: site.name },
    ],
    links: [
      { rel: 'icon', href: faviconDataUrl, type: 'image/svg+xml' },
      { rel: 'apple-touch-icon', href: '/apple-touch-icon.png' },
    ],
  }),
  shellComponent: RootDocument,
  component: Outlet,
  notFoundComponent: NotFoundPage,
})

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    bare?: boolean
  }
}

function RootDocument({ children }: { children: ReactNode }) {
  const bare = useMatches({ select: (matches) => matches.some((match) => match.staticData.bare) })
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true'
    linkWebManifestAfterLoad()
  }, [])
  return (
    // dir set so sonner need not call getComputedStyle.
    <html lang="en-US" dir="ltr">
      <head>
        <HeadTags />
        <ReturnAndScrollNotes />
      </head>
      <body>
        {bare ? children : <SiteLayout>{children}</SiteLayout>}
        <StructuredData />
        <DeferredEntryScripts />
      </body>
    </html>
  )
}

function SiteLayout({ children }: { children: ReactNode }) {
  // On whichever public page a visit lands; the owner's pages are no customer's visit.
  useEffect(noteVisitSource, [])
  return (
    <>
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 font-semibold text-brand-800 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1} className="pt-16 outline-none">
        {children}
      </main>
      <Suspense fallback={null}>
        <SiteFooter />
      </Suspense>
      <FloatingFeatures />
      <LazyToaster />
    </>
  )
}
