// `npx tsx scripts/verify-dockerfile.ts [--keep]`: runs the Dockerfile's steps without Docker, in a clean
// folder per stage (container path /x is <stage folder>/x), as docs/deploy.md describes: the build, then the
// final stage's start as a non-root user (the image's `node`, here `nobody`), its HEALTHCHECK, and SIGTERM.
// Not covered, as only Docker can: the base image itself, layer caching, the secret mount (builds with no .env).
import { spawn, spawnSync } from 'node:child_process'
import {
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { isAbsolute, join, relative, resolve } from 'node:path'
import { freePort } from '../tests/support/free-port'

const NOBODY = 65534
const keep = process.argv.includes('--keep')
const context = resolve(import.meta.dirname, '..')

interface Instruction {
  op: string
  args: string
}

function parseDockerfile(text: string): Instruction[][] {
  const lines = text.replace(/\\\n/g, ' ').split('\n')
  const stages: Instruction[][] = []
  for (const line of lines.map((l) => l.trim())) {
    if (!line || line.startsWith('#')) continue
    const [, op = '', args = ''] = line.match(/^(\S+)\s*(.*)$/) ?? []
    if (op.toUpperCase() === 'FROM') stages.push([])
    stages.at(-1)?.push({ op: op.toUpperCase(), args })
  }
  return stages
}

/** What .dockerignore leaves in the build context: git's tracked and untracked-but-not-ignored files. */
function contextFiles(): string[] {
  const ignore = readFileSync(join(context, '.dockerignore'), 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'))
  const listed = spawnSync('git', ['ls-files', '-co', '--exclude-standard'], { cwd: context, encoding: 'utf8' })
  const matches = (file: string, pattern: string) => {
    const re = new RegExp(`^${pattern.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')}(/|$)`)
    return re.test(file) || re.test(file.split('/').pop()!)
  }
  return listed.stdout.split('\n').filter((file) => {
    if (!file || !existsSync(join(context, file))) return false
    let excluded = false
    for (const pattern of ignore) {
      if (pattern.startsWith('!')) excluded &&= !matches(file, pattern.slice(1))
      else excluded ||= matches(file, pattern)
    }
    return !excluded
  })
}

function jsonOrShell(args: string): string[] {
  return args.startsWith('[') ? (JSON.parse(args) as string[]) : ['sh', '-c', args]
}

function step(message: string) {
  console.log(`▶ ${message}`)
}

function fail(message: string): never {
  console.error(`✖ ${message}`)
  process.exit(1)
}

const root = mkdtempSync(join(tmpdir(), 'verify-dockerfile-'))
chmodSync(root, 0o755)
const stages = parseDockerfile(readFileSync(join(context, 'Dockerfile'), 'utf8'))
const stageRoots = new Map<string, string>()
let final = {
  dir: '',
  cwd: '',
  env: {} as Record<string, string>,
  user: '',
  cmd: [] as string[],
  health: [] as string[],
}

for (const [index, stage] of stages.entries()) {
  const name = stage[0]!.args.match(/\bAS\s+(\S+)/i)?.[1] ?? `stage${index}`
  const dir = join(root, name)
  mkdirSync(dir, { mode: 0o755 })
  stageRoots.set(name, dir)
  const inside = (path: string) => join(dir, path)
  // Container paths in commands and values point into this stage's folder.
  const mapPaths = (text: string) => text.replace(/(^|[\s=:])\/(app|data)\b/g, (_, lead, top) => `${lead}${dir}/${top}`)
  let cwd = dir
  const env: Record<string, string> = {}
  let user = 'root'
  step(`stage ${name} (${stage[0]!.args})`)
  for (const { op, args } of stage.slice(1)) {
    if (op === 'WORKDIR') {
      cwd = inside(args)
      mkdirSync(cwd, { recursive: true, mode: 0o755 })
    } else if (op === 'ENV') {
      for (const [, key, value] of args.matchAll(/(\w+)=(\S+)/g)) env[key!] = value!
    } else if (op === 'COPY') {
      const from = args.match(/--from=(\S+)/)?.[1]
      const parts = args.replace(/--\S+/g, '').trim().split(/\s+/)
      const target = parts.pop()!
      const dest = isAbsolute(target) ? inside(target) : resolve(cwd, target)
      for (const source of parts) {
        if (from) {
          cpSync(join(stageRoots.get(from) ?? fail(`no stage ${from}`), source), dest, { recursive: true })
        } else if (source === '.') {
          for (const file of contextFiles()) cpSync(join(context, file), join(dest, file), { recursive: true })
        } else cpSync(join(context, source), join(dest, source), { recursive: true })
      }
      step(`COPY ${args}`)
    } else if (op === 'RUN') {
      const command = mapPaths(args.replace(/--mount=\S+\s*/g, '')).replace(/\bnode:node\b/g, 'nobody:nogroup')
      step(`RUN ${command}`)
      const run = spawnSync('sh', ['-c', command], {
        cwd,
        stdio: 'inherit',
        env: { ...process.env, ...env, ...Object.fromEntries(Object.entries(env).map(([k, v]) => [k, mapPaths(v)])) },
      })
      if (run.status !== 0) fail(`RUN failed (${run.status}): ${command}`)
    } else if (op === 'USER') user = args
    else if (op === 'CMD') final.cmd = jsonOrShell(args)
    else if (op === 'HEALTHCHECK') final.health = jsonOrShell(args.replace(/^(--\S+\s+)*CMD\s+/, ''))
    final = { ...final, dir, cwd, user, env: Object.fromEntries(Object.entries(env).map(([k, v]) => [k, mapPaths(v)])) }
  }
}

const { dir, cwd, env, user, cmd, health } = final
if (user === 'root' || !user) fail('the final stage runs as root')
if (cmd.length === 0 || health.length === 0) fail('the final stage has no CMD or no HEALTHCHECK')
// The image's user `node` is not on this machine: the same kind of user, non-root, without a login.
for (const path of [root, dir, cwd]) chmodSync(path, 0o755)
const dataDir = env.DATA_DIR ?? fail('no DATA_DIR in the final stage')
if (statSync(dataDir).uid !== NOBODY) chownSync(dataDir, NOBODY, NOBODY)
const port = await freePort()
const runEnv = { PATH: process.env.PATH ?? '', ...env, PORT: String(port), HOST: '127.0.0.1' }
const asUser = (command: string[]) => [
  '--reuid',
  String(NOBODY),
  '--regid',
  String(NOBODY),
  '--clear-groups',
  ...command,
]

step(`CMD ${cmd.join(' ')} as uid ${NOBODY}, DATA_DIR=${relative(root, dataDir)}, port ${port}`)
const server = spawn('setpriv', asUser(cmd), { cwd, env: runEnv, stdio: ['ignore', 'pipe', 'pipe'] })
let output = ''
let stdout = ''
server.stdout.on('data', (chunk) => {
  output += chunk
  stdout += chunk
})
server.stderr.on('data', (chunk) => (output += chunk))
const exited = new Promise<number | null>((done) => server.on('exit', (code) => done(code)))

const deadline = Date.now() + 180_000
for (;;) {
  const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
    (r) => r.ok,
    () => false,
  )
  if (ok) break
  if (server.exitCode !== null || Date.now() > deadline) fail(`no /healthz answer:\n${output}`)
  await new Promise((r) => setTimeout(r, 500))
}
const uid = readFileSync(`/proc/${server.pid}/status`, 'utf8').match(/^Uid:\s+(\d+)/m)?.[1]
if (Number(uid) !== NOBODY) fail(`the server runs as uid ${uid}`)
step(`GET /healthz: 200, server process uid ${uid}`)

const check = spawnSync('setpriv', asUser(health), { cwd, env: runEnv, encoding: 'utf8' })
if (check.status !== 0) fail(`HEALTHCHECK exited ${check.status}: ${check.stderr}`)
step('HEALTHCHECK command: exit 0')

// Stopped once started: after the start-up render, which opens the database (a stop during the start waits for it).
const lock = join(dataDir, 'pglite.lock')
while (!stdout.includes('"msg":"home page rendered"') && Date.now() < deadline)
  await new Promise((r) => setTimeout(r, 500))
if (!existsSync(lock)) fail(`the database never opened in DATA_DIR:\n${output}`)
server.kill('SIGTERM')
const code = await Promise.race([exited, new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 30_000))])
if (code !== 0) {
  server.kill('SIGKILL')
  fail(`after SIGTERM: ${code}\n${output}`)
}
if (existsSync(lock)) fail('the database lock is still there after SIGTERM')
step('SIGTERM: exit 0 within 30 s, database lock released')

for (const line of stdout.split('\n').filter(Boolean)) {
  try {
    JSON.parse(line)
  } catch {
    fail(`a stdout line is not JSON: ${line}`)
  }
}
step('every stdout line is JSON')
console.log(`✔ Dockerfile verified in ${root}${keep ? '' : ' (removed)'}`)
if (!keep) rmSync(root, { recursive: true, force: true })
