// The command line's side of the owner's commands (app/features/owner/owner-commands.server.ts): the running
// site if it answers on its socket, else the database itself; and how a command ends (exit codes, messages).
import { request as httpRequest } from 'node:http'
import { resolve } from 'node:path'
import { buffer } from 'node:stream/consumers'
import { parseArgs, type ParseArgsOptionsConfig } from 'node:util'
import { ConfigError, loadEnvFile, type RuntimeConfig } from '../app/platform/config.server'
import { DatabaseCommandError, openDatabase, type Database } from '../app/platform/db/database.server'
import { DataFolderLockedError } from '../app/platform/db/data-folder-lock.server'
import { openFileStore } from '../app/platform/files/file-store.server'
import { LeadRequestError } from '../app/features/owner/leads.server'
import {
  ownerSocketPath,
  REFUSALS,
  runHere,
  type Args,
  type OwnerCommand,
  type Result,
} from '../app/features/owner/owner-commands.server'

export class OwnerCommandError extends Error {
  override name = 'OwnerCommandError'
}

/** The site's answer, or undefined when no site listens. */
function askSite(socketPath: string, body: unknown) {
  return new Promise<{ status: number; type: string; bytes: Buffer } | undefined>((answered, fail) => {
    const request = httpRequest({ socketPath, method: 'POST', path: '/run' }, (response) =>
      buffer(response).then((bytes) => {
        answered({ status: response.statusCode ?? 0, type: response.headers['content-type'] ?? '', bytes })
      }, fail),
    )
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EACCES' || error.code === 'EPERM') fail(permissionError(socketPath))
      // A site that is closing resets the connection; the data folder's lock still guards what follows.
      else if (['ENOENT', 'ECONNREFUSED', 'ENOTDIR', 'EPIPE', 'ECONNRESET'].includes(error.code ?? ''))
        answered(undefined)
      else fail(error)
    })
    request.end(JSON.stringify(body))
  })
}

function permissionError(path: string): OwnerCommandError {
  return new OwnerCommandError(
    `Permission denied on ${path}: run this as the user the site runs as (the owner of the data folder).`,
  )
}

/** A starting site holds the folder before its socket listens. */
const STARTING_SITE_WAIT_MS = 20_000

/** The command line's side: the running site if it answers, else the database itself. */
export async function runOwnerCommandOn<C extends OwnerCommand>(
  config: RuntimeConfig,
  command: C,
  args: object = {},
  waitMs = STARTING_SITE_WAIT_MS,
): Promise<Result<C>> {
  const dataDir = resolve(config.dataDir)
  const deadline = Date.now() + waitMs
  for (;;) {
    const answer = await askSite(ownerSocketPath(dataDir), { command, args })
    if (answer?.status === 200)
      return (
        answer.type.includes('gzip') ? new Uint8Array(answer.bytes) : JSON.parse(answer.bytes.toString())
      ) as Result<C>
    if (answer) {
      const { kind, error } = JSON.parse(answer.bytes.toString()) as { kind?: keyof typeof REFUSALS; error: string }
      throw kind ? new REFUSALS[kind](error) : new OwnerCommandError(`the site answered ${answer.status}: ${error}`)
    }
    let db: Database
    try {
      db = await openDatabase({
        dataDir,
        databaseUrl: config.databaseUrl,
        lockWaitMs: 0,
        mustExist: true,
      })
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      if (code === 'EACCES' || code === 'EPERM') throw permissionError(dataDir)
      if (!(error instanceof DataFolderLockedError)) throw error
      if (Date.now() > deadline)
        throw new OwnerCommandError(
          `${dataDir} is held by a process that does not answer on its socket (a site too old for this command, ` +
            'or one whose DATA_DIR path is too long for a socket). Stop it, then run this again.',
        )
      await new Promise((wait) => setTimeout(wait, 500))
      continue
    }
    try {
      // No site runs: what this queues waits for the next to start, whose outbox claims by the real clock.
      const site = { db, files: openFileStore({ dataDir, storage: config.storage }), now: () => new Date() }
      return await runHere(site, command, args as Args)
    } finally {
      await db.close()
    }
  }
}

type Parsed<O extends ParseArgsOptionsConfig> = ReturnType<typeof parseArgs<{ options: O; allowPositionals: true }>>

/**
 * Reads `.env` as the site does, then the command line (`options` and positionals; `--help` prints the usage).
 * Exit code 2 with the usage for a wrong argument, 1 for a refusal.
 */
export function runOwnerCommand<O extends ParseArgsOptionsConfig>(
  usage: string,
  options: O,
  main: (args: Parsed<O>) => Promise<number>,
): void {
  Promise.resolve()
    .then(() => {
      loadEnvFile()
      const args = parseArgs({ options: { ...options, help: { type: 'boolean' } }, allowPositionals: true })
      return (args.values as { help?: boolean }).help ? (console.log(usage), 0) : main(args as Parsed<O>)
    })
    .then(
      (code) => process.exit(code),
      (error: unknown) => {
        const code = (error as { code?: string } | null)?.code
        if (error instanceof LeadRequestError || code?.startsWith('ERR_PARSE_ARGS')) {
          console.error(`${(error as Error).message}\n${usage}`)
          process.exit(2)
        }
        const known = [OwnerCommandError, DatabaseCommandError, ConfigError].some((type) => error instanceof type)
        console.error(known ? (error as Error).message : error)
        process.exit(1)
      },
    )
}
