// Main-thread blocking time from a Lighthouse trace, counted once in wall time and once in the main thread's
// own CPU time, so a report can tell the page's work apart from the machine's scheduling.

const BLOCKING_THRESHOLD_MS = 50

/** A Chrome trace event, as much of it as the blocking-time count reads. */
export interface TraceEvent {
  name: string
  ph?: string
  pid: number
  tid: number
  ts: number
  dur?: number
  tdur?: number
}

/**
 * Lighthouse's TBT rule (each task x4, or x2 if it ran layout; what exceeds 50 ms) applied to every task's
 * wall time and to its thread CPU time (`tdur`), from navigation start to the end of the trace: upper bounds,
 * not Lighthouse's simulation. Why CPU time matters: docs/performance.md#judging-noise.
 */
export function blockingTimeFromTrace(
  traceEvents: TraceEvent[],
  { cpuSlowdown = 4, layoutSlowdown = 2 }: { cpuSlowdown?: number; layoutSlowdown?: number } = {},
): { wallMs: number; cpuMs: number } | null {
  const paint = traceEvents.find((event) => event.name === 'firstContentfulPaint')
  if (!paint) return null
  const navigationStart = traceEvents
    .filter((event) => event.name === 'navigationStart' && event.pid === paint.pid && event.ts <= paint.ts)
    .reduce<TraceEvent | null>((latest, event) => (!latest || event.ts > latest.ts ? event : latest), null)
  const mainThread = traceEvents.filter((event) => event.pid === paint.pid && event.tid === paint.tid)
  const layoutStarts = mainThread
    .filter((event) => event.name === 'Layout')
    .map((event) => event.ts)
    .sort((a, b) => a - b)
  const ranLayout = (task: TraceEvent & { dur: number }) => {
    // First layout start at or after the task's start, by binary search.
    let low = 0
    let high = layoutStarts.length
    while (low < high) {
      const middle = (low + high) >> 1
      if (layoutStarts[middle]! < task.ts) low = middle + 1
      else high = middle
    }
    return low < layoutStarts.length && layoutStarts[low]! < task.ts + task.dur
  }
  let wallMs = 0
  let cpuMs = 0
  for (const task of mainThread) {
    if (task.name !== 'RunTask' || task.ph !== 'X' || typeof task.dur !== 'number') continue
    if (navigationStart && task.ts < navigationStart.ts) continue
    const slowdown = ranLayout({ ...task, dur: task.dur }) ? layoutSlowdown : cpuSlowdown
    wallMs += Math.max(0, (task.dur / 1000) * slowdown - BLOCKING_THRESHOLD_MS)
    cpuMs += Math.max(0, ((task.tdur ?? task.dur) / 1000) * slowdown - BLOCKING_THRESHOLD_MS)
  }
  return { wallMs, cpuMs }
}
