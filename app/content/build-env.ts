/**
 * Build-time settings (SITE_URL, ASSISTANT_NAME, CONTRACTOR_LICENSE, BUSINESS_*, SOCIAL_*, PUBLIC_*).
 * vite.config.ts bakes them into both the server and the browser bundles as __SITE_ENV__, so the two
 * always agree; outside Vite (tests, scripts) they come from process.env.
 */
declare const __SITE_ENV__: Record<string, string> | undefined

export const buildEnv: Record<string, string | undefined> =
  typeof __SITE_ENV__ !== 'undefined' ? __SITE_ENV__ : typeof process !== 'undefined' ? process.env : {}
