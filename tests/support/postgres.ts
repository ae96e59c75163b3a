// A throwaway PostgreSQL 15 cluster for `npm run test:postgres`: Debian's postgresql-15, a temp folder owned by
// `postgres`, a free port on 127.0.0.1, password auth for the superuser. stop() shuts it down and deletes it all.
import { execFile, execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { freePort } from './free-port'
import { installed } from './system-deps'

const BIN_DIR = '/usr/lib/postgresql/15/bin'
const isRoot = process.getuid?.() === 0

/** Installs Debian's postgresql-15 when missing (as root with apt-get); returns its bin folder. */
const ensurePostgres = () =>
  installed('PostgreSQL 15', 'postgresql-15', () => (existsSync(join(BIN_DIR, 'initdb')) ? BIN_DIR : undefined))

/** PostgreSQL refuses to run as root: as root, the cluster's commands run as the `postgres` user. */
function asOwner(command: string, args: string[]): [string, string[]] {
  const path = join(BIN_DIR, command)
  return isRoot ? ['runuser', ['-u', 'postgres', '--', path, ...args]] : [path, args]
}

const run = promisify(execFile)

export async function startPostgres() {
  ensurePostgres()
  const folder = mkdtempSync(join(tmpdir(), 'test-postgres-'))
  const dataDir = join(folder, 'data')
  const logFile = join(folder, 'postgres.log')
  const password = randomBytes(12).toString('hex')
  writeFileSync(join(folder, 'password'), `${password}\n`)
  if (isRoot) {
    const [uid, gid] = ['-u', '-g'].map((flag) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' })))
    for (const path of [folder, join(folder, 'password')]) chownSync(path, uid!, gid!)
  }
  try {
    const initdb = ['-D', dataDir, '-U', 'postgres', '--pwfile', join(folder, 'password'), '--auth=scram-sha-256']
    await run(...asOwner('initdb', [...initdb, '-E', 'UTF8', '--no-locale', '--no-sync']))
    const port = await freePort()
    // Durability is pointless for a cluster deleted after the run, and costs every commit a disk flush.
    const settings = `-p ${port} -h 127.0.0.1 -k ${folder} -c fsync=off -c synchronous_commit=off -c full_page_writes=off`
    // -w: returns once the server accepts connections.
    await run(...asOwner('pg_ctl', ['-D', dataDir, '-l', logFile, '-o', settings, '-w', '-t', '60', 'start']))
    return {
      /** The superuser `postgres`, database `postgres`, over TCP. */
      adminUrl: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
      async stop() {
        await run(...asOwner('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop'])).catch(() => undefined)
        rmSync(folder, { recursive: true, force: true })
      },
    }
  } catch (error) {
    const log = existsSync(logFile) ? readFileSync(logFile, 'utf8') : ''
    rmSync(folder, { recursive: true, force: true })
    throw new Error(`PostgreSQL did not start: ${(error as Error).message}\n${log}`)
  }
}
