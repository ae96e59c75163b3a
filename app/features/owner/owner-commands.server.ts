// The owner's commands (`npm run leads`, `backup`, `video`), written once (docs/operations.md): the site runs
// them for a command line that asks on DATA_DIR/owner/site.sock (it holds PGlite's folder, decision 018), and a
// command line with no site there runs them itself (scripts/owner-command.ts). Both give the same JSON.
import { chmodSync, mkdirSync, rmSync, statSync } from 'node:fs'
import { createServer } from 'node:http'
import { join } from 'node:path'
import { text } from 'node:stream/consumers'
import { dataDirOf } from '../../platform/config.server'
import { DatabaseCommandError, type Database } from '../../platform/db/database.server'
import { db } from '../../platform/db/db.server'
import { files, type FileStore } from '../../platform/files/file-store.server'
import { log } from '../../platform/log/logger.server'
import { conversions } from './conversions.server'
import {
  checkFilter,
  deleteLead,
  isLeadId,
  LeadRequestError,
  listLeads,
  requireStatus,
  setLeadStatus,
} from './leads.server'

export interface Site {
  db: Database
  files: FileStore
  /** The clock the site's outbox claims by: what a command queues is due at its now. */
  now: () => Date
}
export type Args = Record<string, unknown>

function leadIdOf(args: Args): string {
  if (isLeadId(args.id)) return args.id
  throw new LeadRequestError(`not a lead id: "${String(args.id ?? '')}" (the id column of the list)`)
}

/** The home hero's or /services' featured video (docs/product.md), or none: one featured row per table. */
async function setFeaturedVideo(db: Database, args: Args): Promise<string> {
  const table = args.table === 'service_videos' ? 'service_videos' : 'pressure_washing_videos'
  const url = typeof args.url === 'string' ? args.url : ''
  const mime = typeof args.mime === 'string' ? args.mime : 'video/mp4'
  if (url && !/^(https?:\/\/|\/)\S+$/i.test(url)) throw new LeadRequestError(`Not a video address: ${url}`)
  if (!/^video\/[A-Za-z0-9.+-]+$/.test(mime)) throw new LeadRequestError(`Not a video type: ${mime}`)
  await db.transaction().execute(async (tx) => {
    await tx.updateTable(table).set({ is_featured: false }).where('is_featured', '=', true).execute()
    if (url) await tx.insertInto(table).values({ video_url: url, mime_type: mime, is_featured: true }).execute()
  })
  return table
}

const COMMANDS = {
  list: (site: Site, args: Args) => listLeads(site.db, checkFilter(args)),
  status: (site: Site, args: Args) => setLeadStatus(site.db, leadIdOf(args), requireStatus(args.status)),
  delete: (site: Site, args: Args) => deleteLead(site.db, leadIdOf(args), site.files, site.now()),
  conversions: (site: Site, args: Args) => conversions(site.db, checkFilter({ since: args.since }).since ?? null),
  backup: (site: Site) => site.db.dump(),
  video: (site: Site, args: Args) => setFeaturedVideo(site.db, args),
}
export type OwnerCommand = keyof typeof COMMANDS
/** What a command's answer is once it has been JSON, as every answer is: a Date is its ISO text. */
type Json<T> = T extends Date
  ? string
  : T extends Uint8Array
    ? T
    : T extends object
      ? { [K in keyof T]: Json<T[K]> }
      : T
export type Result<C extends OwnerCommand> = Json<Awaited<ReturnType<(typeof COMMANDS)[C]>>>

/** What a refusal is, kept across the socket. */
export const REFUSALS = { request: LeadRequestError, database: DatabaseCommandError } as const

export async function runHere<C extends OwnerCommand>(site: Site, command: C, args: Args): Promise<Result<C>> {
  const result = await COMMANDS[command](site, args)
  return (result instanceof Uint8Array ? result : JSON.parse(JSON.stringify(result))) as Result<C>
}

/** Linux's sun_path limit, with the final NUL. */
const MAX_SOCKET_PATH = 107

export const ownerSocketPath = (dataDir: string) => join(dataDir, 'owner', 'site.sock')

/** The site's side: the socket in a 0700 folder of its own, so only its user can ask. Null when it cannot. */
export async function startOwnerSocket(site: Site & { dataDir: string }): Promise<{ close(): Promise<void> } | null> {
  const path = ownerSocketPath(site.dataDir)
  if (Buffer.byteLength(path) > MAX_SOCKET_PATH) {
    log('owner').warn({ path }, 'the path is too long for a Unix socket: npm run leads/backup cannot reach this site')
    return null
  }
  try {
    mkdirSync(join(path, '..'), { recursive: true, mode: 0o700 })
    // chmod fails unless we own the folder: nobody else's folder is trusted.
    chmodSync(join(path, '..'), 0o700)
    if (statSync(join(path, '..')).uid !== process.getuid?.()) throw new Error('the folder belongs to another user')
    // We hold the data folder: a socket left here is a dead process's.
    rmSync(path, { force: true })
  } catch (error) {
    log('owner').warn({ path, err: error }, 'cannot prepare the owner socket')
    return null
  }
  const server = createServer((request, response) => {
    const reply = (status: number, body: unknown, type = 'application/json') => {
      response.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store' })
      response.end(body instanceof Uint8Array ? body : JSON.stringify(body))
    }
    if (request.url === '/ping') return reply(204, '')
    void (async () => {
      const body = await text(request)
      if (body.length > 4096) throw new LeadRequestError('too large')
      const { command, args } = JSON.parse(body) as { command: OwnerCommand; args: Args }
      if (!Object.hasOwn(COMMANDS, command)) throw new LeadRequestError(`unknown command "${String(command)}"`)
      const result = await runHere(site, command, args ?? {})
      reply(200, result ?? null, result instanceof Uint8Array ? 'application/gzip' : 'application/json')
    })().catch((error: unknown) => {
      const kind = Object.entries(REFUSALS).find(([, type]) => error instanceof type)?.[0]
      if (kind) return reply(400, { kind, error: (error as Error).message })
      log('owner').error({ err: error }, 'owner command failed')
      reply(500, { error: 'the site could not answer; see its log' })
    })
  })
  try {
    await new Promise<void>((listening, fail) => server.once('error', fail).listen(path, listening))
    chmodSync(path, 0o600)
  } catch (error) {
    log('owner').warn({ path, err: error }, 'cannot listen on the owner socket')
    return null
  }
  server.unref()
  return { close: () => new Promise<void>((closed) => (server.closeAllConnections(), server.close(() => closed()))) }
}

/** The running site's socket, on the process's database and files; it lives as long as the process. */
export function serveOwnerSocket(): void {
  const site = { db, files: files(), now: () => new Date(), dataDir: dataDirOf() }
  startOwnerSocket(site).catch((error: unknown) =>
    log('owner').error({ err: error }, 'could not start the owner socket'),
  )
}
