/**
 * The third-party review widget on /reviews (docs/product.md#reviews-page).
 * The owner configures it at build time; unset (the default) means no widget and no third-party request.
 * Like site.ts, the values come through vite.config.ts's `define`, so the server and the browser agree.
 *
 *   PUBLIC_REVIEWS_WIDGET_SCRIPT_URL  the widget's script, e.g. https://widgets.example.com/platform.js (https only)
 *   PUBLIC_REVIEWS_WIDGET_HTML        the container markup the provider gives you, e.g. <div class="reviews-app-123"></div>
 *                                     (markup only: <script> tags in it do not run; put the script in the URL above)
 */

import { buildEnv } from './build-env'

const env = buildEnv

export interface ReviewsWidgetSettings {
  scriptUrl: string
  html: string
}

/** Only an absolute https URL is loaded (http is allowed for localhost, for trying a widget locally). */
export function parseWidgetScriptUrl(value: string | undefined): string | null {
  const trimmed = value?.trim()
  if (!trimmed) return null
  try {
    const url = new URL(trimmed)
    const local = url.hostname === 'localhost' || url.hostname === '127.0.0.1'
    if (url.protocol === 'https:' || (url.protocol === 'http:' && local)) return url.href
  } catch {
    // fall through
  }
  console.warn('[reviews-widget] ignoring PUBLIC_REVIEWS_WIDGET_SCRIPT_URL: not an https URL')
  return null
}

function readSettings(): ReviewsWidgetSettings | null {
  const scriptUrl = parseWidgetScriptUrl(env.PUBLIC_REVIEWS_WIDGET_SCRIPT_URL)
  if (!scriptUrl) return null
  return { scriptUrl, html: env.PUBLIC_REVIEWS_WIDGET_HTML?.trim() ?? '' }
}

/** The configured widget, or null when none is configured. */
export const reviewsWidget: ReviewsWidgetSettings | null = readSettings()
