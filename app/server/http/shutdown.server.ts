import { closeBackend } from '../backend/backend.server'

const GRACE_MS = 5_000

let inFlight = 0
let stopping = false

/** Counts a request from arrival to its response, so shutdown waits for answers in progress. */
export async function tracked<T>(work: () => Promise<T>): Promise<T> {
  inFlight++
  try {
    return await work()
  } finally {
    inFlight--
  }
}

/**
 * On SIGTERM or SIGINT the HTTP server stops taking connections (nitro does that); this then waits
 * for requests in progress (at most 5 s), closes the database so its lock and files are released,
 * and exits. Without it the embedded Postgres keeps a timer alive and the process never ends.
 */
export function exitCleanlyOnSignals() {
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return
    stopping = true
    const deadline = Date.now() + GRACE_MS
    const finish = async () => {
      if (inFlight > 0 && Date.now() < deadline) return void setTimeout(finish, 50)
      try {
        await closeBackend()
      } catch (error) {
        console.error(`[server] closing the backend on ${signal} failed`, error)
      }
      process.exit(0)
    }
    void finish()
  }
  process.once('SIGTERM', stop)
  process.once('SIGINT', stop)
}
