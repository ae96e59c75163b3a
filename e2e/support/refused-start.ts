// A production server that should refuse to start, and a way to run a command as another, unprivileged user.
import { spawn, type ChildProcessByStdio } from 'node:child_process'
import type { Readable, Writable } from 'node:stream'
import { freePort } from '../../tests/support/free-port'
import { SITE_ENTRY } from '../../tests/support/site-process'

export interface Ended {
  code: number | null
  stdout: string
  stderr: string
}

/**
 * `nobody` without root's groups (setpriv drops them all); run as root. Not root: the command runs as this user,
 * who is already not root.
 */
function asNobody(command: string, args: string[]): [string, string[]] {
  if (process.getuid?.() !== 0) return [command, args]
  return ['setpriv', ['--reuid=65534', '--regid=65534', '--clear-groups', '--', command, ...args]]
}

/** Its output and exit code once it has gone by itself (killed after 30 s: `code` null). */
export async function startExpectingRefusal(
  env: Record<string, string>,
  { unprivileged = false }: { unprivileged?: boolean } = {},
): Promise<Ended> {
  const port = await freePort()
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(TEST|VITEST.*)$/.test(name)))
  const [command, args] = unprivileged ? asNobody(process.execPath, [SITE_ENTRY]) : [process.execPath, [SITE_ENTRY]]
  const child = spawn(command, args, {
    env: { ...inherited, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000)
  const ended = await finished(child)
  clearTimeout(timer)
  return ended
}

/** A child process's exit code and output, once it has closed. */
export function finished(child: ChildProcessByStdio<null | Writable, Readable, Readable>): Promise<Ended> {
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk) => (stdout += chunk))
  child.stderr.on('data', (chunk) => (stderr += chunk))
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })))
}
