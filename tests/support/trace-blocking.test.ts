import { describe, expect, it } from 'vitest'
import { blockingTimeFromTrace, type TraceEvent } from './trace-blocking'

const main = { pid: 1, tid: 7 }
const ms = 1000

/** A main-thread task starting at `at` ms, lasting `wall` ms, of which the thread ran `cpu` ms. */
function task(at: number, wall: number, cpu: number, thread = main): TraceEvent {
  return { name: 'RunTask', ph: 'X', ...thread, ts: at * ms, dur: wall * ms, tdur: cpu * ms }
}

const navigation: TraceEvent = { name: 'navigationStart', ph: 'R', ...main, ts: 100 * ms }
const firstPaint: TraceEvent = { name: 'firstContentfulPaint', ph: 'R', ...main, ts: 300 * ms }

describe('blocking time from a trace', () => {
  it('counts a script task at 4x and a layout task at 2x, each above 50 ms, in wall and in CPU time', () => {
    const events = [
      navigation,
      firstPaint,
      task(400, 20, 5), // script: wall 80 -> 30 blocking; CPU 20 -> none
      task(500, 40, 30), // layout: wall 80 -> 30; CPU 60 -> 10
      { name: 'Layout', ph: 'X', ...main, ts: 510 * ms, dur: 25 * ms },
      task(600, 10, 10), // 40 either way: not blocking
    ]
    expect(blockingTimeFromTrace(events)).toEqual({ wallMs: 60, cpuMs: 10 })
  })

  it('ignores tasks before navigation start and tasks of other threads', () => {
    const events = [
      navigation,
      firstPaint,
      task(50, 100, 100),
      task(400, 100, 100, { pid: 1, tid: 8 }),
      task(450, 30, 30),
    ]
    expect(blockingTimeFromTrace(events)).toEqual({ wallMs: 70, cpuMs: 70 })
  })

  it('falls back to wall time for a task without a CPU duration', () => {
    const { tdur: _ignored, ...withoutCpu } = task(400, 25, 1)
    expect(blockingTimeFromTrace([navigation, firstPaint, withoutCpu])).toEqual({ wallMs: 50, cpuMs: 50 })
  })

  it('gives no figure for a trace without a first contentful paint', () => {
    expect(blockingTimeFromTrace([navigation, task(400, 100, 100)])).toBeNull()
  })
})
