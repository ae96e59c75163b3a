export function createSlidingWindowLimiter(limit: number, windowMs: number, now: () => number, maxKeys = 10_000) {
  const hits = new Map<string, number[]>()
  return {
    hit(key: string): boolean {
      if (limit <= 0) return true
      const t = now()
      const recent = (hits.get(key) ?? []).filter((at) => t - at < windowMs)
      if (recent.length >= limit) {
        hits.set(key, recent)
        return false
      }
      recent.push(t)
      hits.delete(key) // re-inserted so Map order is recency
      hits.set(key, recent)
      if (hits.size > maxKeys) {
        for (const [k, times] of hits) {
          if (hits.size <= maxKeys && times.some((at) => t - at < windowMs)) break
          hits.delete(k)
        }
      }
      return true
    },
    retryAfterSeconds(key: string): number {
      const oldest = hits.get(key)?.[0]
      if (oldest === undefined || limit <= 0) return 0
      return Math.max(0, Math.ceil((oldest + windowMs - now()) / 1000))
    },
    reset() {
      hits.clear()
    },
  }
}
