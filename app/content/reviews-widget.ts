import { buildEnv } from './build-env'

const env = buildEnv

export interface ReviewsWidgetSettings {
  scriptUrl: string
  html: string
}

/** http only on localhost, for trying a widget locally. */
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

export const reviewsWidget: ReviewsWidgetSettings | null = readSettings()
