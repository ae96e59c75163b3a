import { db } from '../db/db.server'
import { stopOutboxes } from '../outbox/worker.server'
import { log } from '../log/logger.server'

const GRACE_MS = 5_000

let inFlight = 0
let stopping = false

export async function tracked<T>(work: () => Promise<T>): Promise<T> {
  inFlight++
  try {
    return await work()
  } finally {
    inFlight--
  }
}

/** Else the embedded Postgres keeps a timer alive and SIGTERM never exits. */
export function exitCleanlyOnSignals() {
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return
    stopping = true
    const deadline = Date.now() + GRACE_MS
    const finish = async () => {
      if (inFlight > 0 && Date.now() < deadline) return void setTimeout(finish, 50)
      try {
        await stopOutboxes()
        await db.close()
      } catch (error) {
        log('server').error({ err: error, signal }, 'closing the database failed')
      }
      process.exit(0)
    }
    void finish()
  }
  process.once('SIGTERM', stop)
  process.once('SIGINT', stop)
}
