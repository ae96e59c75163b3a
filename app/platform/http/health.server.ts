/** /healthz: the process answers; /readyz: leads can be stored now. */
import { setTimeout as sleep } from 'node:timers/promises'
import { db } from '../db/db.server'
import { outboxRunning } from '../outbox/worker.server'
import { log } from '../log/logger.server'

const CHECK_TIMEOUT_MS = 3_000

let lastReady: boolean | undefined
let checking: Promise<boolean> | undefined

async function check(): Promise<boolean> {
  try {
    const late = sleep(CHECK_TIMEOUT_MS, undefined, { ref: false }).then(() => {
      throw new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)
    })
    const ready = async () => {
      await db.ready()
      if (!outboxRunning()) throw new Error('the outbox worker is not running')
    }
    await Promise.race([ready(), late])
    if (lastReady === false) log('health').info('ready again')
    return true
  } catch (error) {
    // Once per change, not once per probe.
    if (lastReady !== false) log('health').error({ err: error }, 'not ready: leads cannot be stored')
    return false
  }
}

/** Probes at once share one check. */
function readiness(): Promise<boolean> {
  return (checking ??= check().then((ready) => {
    lastReady = ready
    checking = undefined
    return ready
  }))
}

function answer(request: Request, status: number, body: Record<string, string>): Response {
  return new Response(request.method === 'HEAD' ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' },
  })
}

export async function healthResponse(request: Request): Promise<Response | null> {
  const { pathname } = new URL(request.url)
  if (pathname === '/healthz') return answer(request, 200, { status: 'ok' })
  if (pathname !== '/readyz') return null
  return (await readiness()) ? answer(request, 200, { status: 'ready' }) : answer(request, 503, { status: 'not ready' })
}
