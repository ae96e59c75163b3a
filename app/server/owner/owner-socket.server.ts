// docs/decisions/018-owner-socket.md
import { chmodSync, mkdirSync, rmSync, statSync } from 'node:fs'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { join } from 'node:path'
import type { PGlite } from '@electric-sql/pglite'
import type { EmbeddedBackend } from '../backend/embedded.server'
import {
  checkFilter,
  deleteLeadIn,
  isLeadId,
  LeadRequestError,
  listLeadsIn,
  requireStatus,
  setLeadStatusIn,
} from './leads.server'
import { log } from '../log/logger.server'
import { conversionsIn } from './conversions.server'

export const OWNER_FOLDER = 'owner'
export const OWNER_SOCKET = 'site.sock'
/** Linux's sun_path limit, with the final NUL. */
const MAX_SOCKET_PATH = 107

export function ownerSocketPath(dataDir: string): string {
  return join(dataDir, OWNER_FOLDER, OWNER_SOCKET)
}

export async function dumpDatabase(db: PGlite): Promise<Uint8Array> {
  await db.exec('CHECKPOINT')
  const blob = await db.dumpDataDir('gzip')
  return new Uint8Array(await blob.arrayBuffer())
}

function readJson(request: IncomingMessage, limit = 4096): Promise<unknown> {
  return new Promise((resolve, reject) => {
    let body = ''
    request.setEncoding('utf8')
    request.on('data', (chunk: string) => {
      body += chunk
      if (body.length > limit) reject(new LeadRequestError('request body too large'))
    })
    request.on('end', () => {
      try {
        resolve(JSON.parse(body || '{}'))
      } catch {
        reject(new LeadRequestError('request body is not JSON'))
      }
    })
    request.on('error', reject)
  })
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' })
  response.end(JSON.stringify(body))
}

async function handle(db: PGlite, dataDir: string, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const url = new URL(request.url ?? '/', 'http://owner.invalid')
  if (url.pathname === '/ping') return void response.writeHead(204).end()
  if (request.method === 'GET' && url.pathname === '/leads') {
    const filter = checkFilter({
      since: url.searchParams.get('since') ?? undefined,
      status: url.searchParams.get('status') ?? undefined,
    })
    return sendJson(response, 200, { leads: await listLeadsIn(db, filter) })
  }
  if (request.method === 'GET' && url.pathname === '/leads/conversions') {
    const { since } = checkFilter({ since: url.searchParams.get('since') ?? undefined })
    return sendJson(response, 200, { conversions: await conversionsIn(db, since ?? null) })
  }
  if (request.method === 'POST' && url.pathname === '/leads/status') {
    const body = (await readJson(request)) as { id?: unknown; status?: unknown }
    if (!isLeadId(body.id)) throw new LeadRequestError(`not a lead id: ${JSON.stringify(body.id ?? null)}`)
    const updated = await setLeadStatusIn(db, body.id, requireStatus(body.status))
    if (!updated) return sendJson(response, 404, { error: `no lead with id ${body.id}` })
    return sendJson(response, 200, updated)
  }
  if (request.method === 'POST' && url.pathname === '/leads/delete') {
    const body = (await readJson(request)) as { id?: unknown }
    if (!isLeadId(body.id)) throw new LeadRequestError(`not a lead id: ${JSON.stringify(body.id ?? null)}`)
    if (!(await deleteLeadIn(db, dataDir, body.id)))
      return sendJson(response, 404, { error: `no lead with id ${body.id}` })
    log('owner').info({ deleted: 1 }, 'npm run leads deleted a lead')
    return sendJson(response, 200, { id: body.id, deleted: true })
  }
  if (request.method === 'GET' && url.pathname === '/backup') {
    const bytes = await dumpDatabase(db)
    response.writeHead(200, { 'Content-Type': 'application/gzip', 'Content-Length': String(bytes.byteLength) })
    response.end(bytes)
    return
  }
  sendJson(response, 404, { error: 'unknown owner request' })
}

export interface OwnerSocket {
  path: string
  close(): Promise<void>
}

/** Null (logged) when the socket cannot be offered; the site runs on. */
export async function startOwnerSocket(dataDir: string, db: PGlite): Promise<OwnerSocket | null> {
  const folder = join(dataDir, OWNER_FOLDER)
  const path = ownerSocketPath(dataDir)
  if (Buffer.byteLength(path) > MAX_SOCKET_PATH) {
    log('owner').warn({ path }, 'the path is too long for a Unix socket: npm run leads/backup cannot reach this site')
    return null
  }
  try {
    mkdirSync(folder, { recursive: true, mode: 0o700 })
    // chmod fails unless we own the folder: nobody else's folder is trusted.
    chmodSync(folder, 0o700)
    if (statSync(folder).uid !== process.getuid?.()) throw new Error(`${folder} belongs to another user`)
    // We hold the writer lock: a socket left here is a dead process's.
    rmSync(path, { force: true })
  } catch (error) {
    log('owner').warn({ folder, err: error }, 'cannot prepare the socket folder')
    return null
  }
  const server = createServer((request, response) => {
    handle(db, dataDir, request, response).catch((error: unknown) => {
      if (response.headersSent) return void response.destroy()
      if (error instanceof LeadRequestError) return sendJson(response, 400, { error: error.message })
      log('owner').error({ err: error }, 'request failed')
      sendJson(response, 500, { error: 'the site could not answer; see its log' })
    })
  })
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(path, () => resolve())
    })
    chmodSync(path, 0o600)
  } catch (error) {
    log('owner').warn({ path, err: error }, 'cannot listen on the socket')
    return null
  }
  server.unref()
  return {
    path,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

export function serveOwnerSocket(backend: EmbeddedBackend): void {
  backend.attach('owner socket', (db) => startOwnerSocket(backend.dataDir, db))
}
