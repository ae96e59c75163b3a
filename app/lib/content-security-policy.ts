import { reviewsWidget } from '~/content/reviews-widget'

/** The map embed the contact block loads when the visitor asks for it (map-facade.tsx). */
export const MAP_EMBED_ORIGIN = 'https://www.google.com'

/**
 * The page's Content-Security-Policy. Scripts run only from this origin or with this response's
 * nonce (no 'unsafe-inline' for scripts); the review widget's origin is added when one is
 * configured. Styles keep 'unsafe-inline' for the inlined route CSS, React style attributes and
 * the toast library's injected styles. Featured videos may live on any https host the owner picks.
 */
export function contentSecurityPolicy(nonce: string | undefined): string {
  const widgetOrigin = reviewsWidget ? new URL(reviewsWidget.scriptUrl).origin : null
  const scriptSources = ["'self'", nonce ? `'nonce-${nonce}'` : null, widgetOrigin].filter(Boolean)
  return [
    "default-src 'self'",
    `script-src ${scriptSources.join(' ')}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data:${widgetOrigin ? ` ${widgetOrigin}` : ''}`,
    "media-src 'self' https:",
    "font-src 'self'",
    `connect-src 'self'${widgetOrigin ? ` ${widgetOrigin}` : ''}`,
    `frame-src ${MAP_EMBED_ORIGIN}${widgetOrigin ? ` ${widgetOrigin}` : ''}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ')
}
