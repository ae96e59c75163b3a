import { log } from './log.ts'

interface EdgeRuntimeGlobal {
  waitUntil(promise: Promise<unknown>): void
}

/** Work that finishes after the response: Supabase's Edge Runtime keeps the worker alive until it settles
 * (`EdgeRuntime.waitUntil`); plain Deno, as in the tests, runs it to the end anyway. */
export function continueAfterResponse(task: Promise<unknown>): void {
  const settled = task.catch((error) => log.error('[background] task failed:', error))
  ;(globalThis as { EdgeRuntime?: EdgeRuntimeGlobal }).EdgeRuntime?.waitUntil(settled)
}
