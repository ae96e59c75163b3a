/** At the latest, the inline loader starts the page's JavaScript this long after it runs, whatever has painted. */
export const LOADER_FALLBACK_MS = 3000
