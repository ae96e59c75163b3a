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

/** Blocking time over 50 ms per task, scaled like Lighthouse's simulation, in wall time and in main-thread CPU time. */
export function blockingTimeFromTrace(
  traceEvents: TraceEvent[],
  options?: { cpuSlowdown?: number; layoutSlowdown?: number },
): { wallMs: number; cpuMs: number } | null
