/** The entry loader starts the page's JavaScript at the latest this long after it runs. */
export const LOADER_FALLBACK_MS = 3000
