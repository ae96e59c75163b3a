// The server-side cache of the public pages' reads, in front of the stored pages (docs/decisions/010): each read
// a feature makes for every visitor (reviews, featured videos, posted work) goes through one of these.

/**
 * `load`'s answer, kept `freshMs`; until `keepMs` a stale one is served while it is asked again, and a failed
 * refresh keeps it. Renders asking at once share one read either way.
 */
export function readCache<T>(load: () => Promise<T>, freshMs: number, keepMs: number): () => Promise<T> {
  let entry: { value: T; storedAt: number } | undefined
  let inFlight: Promise<T> | undefined
  const refresh = () =>
    (inFlight ??= load()
      .then((value) => ((entry = { value, storedAt: Date.now() }), value))
      .finally(() => (inFlight = undefined)))
  return async (): Promise<T> => {
    const age = entry ? Date.now() - entry.storedAt : Infinity
    if (entry && age < freshMs) return entry.value
    if (entry && age < keepMs) {
      void refresh().catch(() => {})
      return entry.value
    }
    return refresh()
  }
}
