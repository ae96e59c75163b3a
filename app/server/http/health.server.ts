/** /healthz: the process answers; /readyz: leads can be stored now. */
import { getBackend } from '../backend/backend.server'
import { log } from '../log/logger.server'

const CHECK_TIMEOUT_MS = 3_000

interface Readiness {
  ready: boolean
  checkedAt: number
}

let last: Readiness | undefined
let checking: Promise<Readiness> | undefined

function withTimeout(work: Promise<void>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)
  })
  return Promise.race([work, late]).finally(() => clearTimeout(timer))
}

async function check(): Promise<Readiness> {
  let ready = true
  try {
    const backend = getBackend()
    await withTimeout(backend.checkReady(), CHECK_TIMEOUT_MS)
  } catch (error) {
    ready = false
    // Once per change, not once per probe.
    if (last?.ready !== false) log('health').error({ err: error }, 'not ready: leads cannot be stored')
  }
  if (ready && last?.ready === false) log('health').info('ready again')
  return { ready, checkedAt: Date.now() }
}

/** Probes at once share one check. */
async function readiness(): Promise<Readiness> {
  checking ??= check().then((result) => {
    last = result
    checking = undefined
    return result
  })
  return checking
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
  const { ready } = await readiness()
  return ready ? answer(request, 200, { status: 'ready' }) : answer(request, 503, { status: 'not ready' })
}
