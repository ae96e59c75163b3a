// `npm run check:container [-- --no-build]`: podman builds the Dockerfile; the image's filesystem runs as uid 1000
// (serves, ready, keeps a lead in /data across a restart, stops on SIGTERM). See docs/deploy.md.
import { fail } from 'node:assert/strict'
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { chmodSync, chownSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs'
import { appendFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { freePort } from '../tests/support/free-port'
import { ensureCommand } from '../tests/support/system-deps'
import { postLeadForm, until } from './bench/common'

const BASE = 'docker.io/library/node:22-bookworm-slim'
const IMAGE = 'localhost/site-container-check'
const UID = 1000
const context = resolve(import.meta.dirname, '..')
const work = mkdtempSync(join(tmpdir(), 'container-check-'))
const timings: [string, number][] = []
const children = new Set<ChildProcess>()
const facts = { SITE_URL: 'https://container-check.example', BUSINESS_PHONE: '(916) 555-0199' }

async function timed<T>(label: string, action: () => T | Promise<T>): Promise<T> {
  console.log(`▶ ${label}`)
  const started = Date.now()
  const result = await action()
  const seconds = (Date.now() - started) / 1000
  timings.push([label, seconds])
  console.log(`✔ ${label} (${seconds.toFixed(1)} s)`)
  return result
}

const run = (command: string, args: string[]) => execFileSync(command, args, { stdio: 'inherit' })
const read = (command: string, args: string[]) => execFileSync(command, args, { encoding: 'utf8' }).trim()

/** The registry's image cannot be pulled offline: Debian bookworm minbase plus this machine's Node and npm. */
function makeBaseStandIn() {
  const root = join(work, 'base')
  run('mmdebstrap', ['--quiet', '--variant=minbase', '--mode=root', 'bookworm', root])
  cpSync(process.execPath, join(root, 'usr/local/bin/node'))
  const npm = resolve(dirname(process.execPath), '../lib/node_modules/npm')
  cpSync(npm, join(root, 'usr/local/lib/node_modules/npm'), { recursive: true, verbatimSymlinks: true })
  symlinkSync('../lib/node_modules/npm/bin/npm-cli.js', join(root, 'usr/local/bin/npm'))
  symlinkSync('../lib/node_modules/npm/bin/npx-cli.js', join(root, 'usr/local/bin/npx'))
  // The registry is reached through this machine's certificate authorities (and proxy, if any).
  const env = ['PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin', `NODE_VERSION=${process.version}`]
  const npmrc: string[] = []
  for (const key of ['registry', 'cafile', 'proxy', 'https-proxy', 'noproxy']) {
    const value = read('npm', ['config', 'get', key])
    if (value && value !== 'null' && value !== 'undefined' && value !== 'https://registry.npmjs.org/')
      npmrc.push(`${key}=${value}`)
    if (key === 'cafile' && value.startsWith('/')) {
      mkdirSync(join(root, dirname(value)), { recursive: true })
      cpSync(value, join(root, value))
      env.push(`NODE_EXTRA_CA_CERTS=${value}`)
    }
  }
  mkdirSync(join(root, 'usr/local/etc'), { recursive: true })
  writeFileSync(join(root, 'usr/local/etc/npmrc'), npmrc.map((line) => `${line}\n`).join(''))
  // The official image's non-root user.
  appendFileSync(join(root, 'etc/passwd'), `node:x:${UID}:${UID}::/home/node:/bin/bash\n`)
  appendFileSync(join(root, 'etc/group'), `node:x:${UID}:\n`)
  appendFileSync(join(root, 'etc/shadow'), 'node:!:20000::::::\n')
  mkdirSync(join(root, 'home/node'))
  chownSync(join(root, 'home/node'), UID, UID)
  const tar = join(work, 'base.tar')
  run('tar', ['--numeric-owner', '-C', root, '-cf', tar, '.'])
  const changes = [...env.map((line) => `ENV ${line}`), 'WORKDIR /', 'CMD ["node"]'].flatMap((c) => ['--change', c])
  run('podman', ['import', '--quiet', ...changes, tar, BASE])
  rmSync(root, { recursive: true, force: true })
}

interface ImageConfig {
  Env?: string[]
  Cmd?: string[]
  WorkingDir?: string
  User?: string
  Healthcheck?: { Test?: string[] }
}

/** Runs a command in the mounted image, as uid 1000, in new mount and PID namespaces (it is PID 1 there). */
function inImage(rootfs: string, dataDir: string, config: ImageConfig, command: string[], env: NodeJS.ProcessEnv) {
  const script = `set -e; r="$1"; shift
mount --bind "${dataDir}" "$r/data"
mount -t tmpfs -o mode=1777 tmpfs "$r/tmp"
mount -t tmpfs -o mode=755 tmpfs "$r/dev"
for d in null zero random urandom; do touch "$r/dev/$d"; mount --bind "/dev/$d" "$r/dev/$d"; done
exec chroot --userspec=${UID}:${UID} "$r" /usr/bin/env -C "${config.WorkingDir || '/'}" "$@"`
  const unshare = ['--mount', '--pid', '--fork', '--kill-child', `--mount-proc=${rootfs}/proc`]
  const shell = ['/bin/sh', '-c', script, 'sh', rootfs, ...command]
  const child = spawn('/usr/bin/unshare', [...unshare, ...shell], { env, stdio: ['ignore', 'pipe', 'pipe'] })
  children.add(child)
  return child
}

/** Leads as the owner's CLI reads them from DATA_DIR (run as uid 1000, so it leaves no root-owned files). */
function storedLeads(dataDir: string, envFile: string): { email: string }[] {
  const out = execFileSync(join(context, 'node_modules/.bin/tsx'), ['scripts/leads.ts', '--json'], {
    cwd: context,
    uid: UID,
    gid: UID,
    encoding: 'utf8',
    env: { ...process.env, DATA_DIR: dataDir, ENV_FILE: envFile, HOME: join(work, 'home') },
  })
  return JSON.parse(out) as { email: string }[]
}

let size = '0'
let rootfs = ''
try {
  ensureCommand('podman', 'podman')
  ensureCommand('unshare', 'util-linux')
} catch (error) {
  console.log(`Skipped: the container check needs podman and unshare (${(error as Error).message})`)
  process.exit(0)
}
try {
  if (spawnSync('podman', ['image', 'exists', BASE]).status !== 0) {
    ensureCommand('mmdebstrap', 'mmdebstrap')
    await timed(`stand-in ${BASE} (mmdebstrap bookworm + Node ${process.version})`, makeBaseStandIn)
  } else console.log(`${BASE} is here (${read('podman', ['image', 'inspect', '--format', '{{.Created}}', BASE])})`)

  chmodSync(work, 0o755)
  mkdirSync(join(work, 'home'))
  chownSync(join(work, 'home'), UID, UID)
  const envFile = join(work, 'env')
  const envLines = Object.entries(facts).map(([k, v]) => `${k}=${v}\n`)
  writeFileSync(envFile, envLines.join(''), { mode: 0o644 })
  const previous = spawnSync('podman', ['image', 'inspect', '--format', '{{.Id}}', IMAGE], { encoding: 'utf8' })
  const secret = `id=env,src=${envFile}`
  const build = ['--isolation=chroot', '--network=host', '--format=docker', '--secret', secret, '--tag', IMAGE]
  if (process.argv.includes('--no-build')) console.log('--no-build: checking the last built image')
  else await timed('podman build', () => run('podman', ['build', ...build, context]))
  const [id, bytes] = read('podman', ['image', 'inspect', '--format', '{{.Id}} {{.Size}}', IMAGE]).split(' ')
  size = bytes!
  if (previous.status === 0 && previous.stdout.trim() !== id) spawnSync('podman', ['rmi', previous.stdout.trim()])
  console.log(`image ${IMAGE}: ${(Number(size) / 1e6).toFixed(0)} MB`)

  const [image] = JSON.parse(read('podman', ['image', 'inspect', IMAGE])) as [{ Config: ImageConfig } & ImageConfig]
  const config = { ...image.Config, Healthcheck: image.Healthcheck }
  if (config.User !== 'node') fail(`the image runs as "${config.User}", not node`)
  if (!config.Cmd?.length || !config.Healthcheck?.Test?.length) fail('the image has no CMD or no HEALTHCHECK')
  rootfs = read('podman', ['image', 'mount', IMAGE])
  const passwd = readFileSync(join(rootfs, 'etc/passwd'), 'utf8')
  if (!passwd.includes(`\nnode:x:${UID}:${UID}:`)) fail(`the image's node user is not ${UID}:${UID}`)
  const dataDir = join(work, 'data')
  mkdirSync(dataDir, { mode: 0o700 })
  chownSync(dataDir, UID, UID)
  const port = await freePort()
  const origin = `http://127.0.0.1:${port}`
  // As `docker run --env-file .env`: the image's ENV, then the .env; listening on this machine's loopback.
  const env = Object.fromEntries(config.Env!.map((line) => line.split(/=(.*)/s).slice(0, 2)))
  Object.assign(env, facts, { PORT: String(port), HOST: '127.0.0.1' })

  async function start(label: string) {
    let output = ''
    let stdout = ''
    const server = inImage(rootfs, dataDir, config, config.Cmd!, env)
    server.stdout!.on('data', (chunk) => ((output += chunk), (stdout += chunk)))
    server.stderr!.on('data', (chunk) => (output += chunk))
    const exited = new Promise<number | null>((done) => server.on('exit', (code) => done(code)))
    await timed(`${label}: start until /readyz is ready`, async () => {
      const answers = async () => {
        if (server.exitCode !== null) fail(`the server exited with ${server.exitCode}`)
        return (await fetch(`${origin}/readyz`).catch(() => undefined))?.ok
      }
      await until('/readyz', answers, 120_000).catch((error: Error) => fail(`${error.message}:\n${output}`))
      const ready = (await (await fetch(`${origin}/readyz`)).json()) as { status: string }
      if (ready.status !== 'ready') fail(`/readyz: ${JSON.stringify(ready)}`)
    })
    // unshare's own process ignores SIGTERM; the server is its child, PID 1 of the new namespace.
    const pid = Number(readFileSync(`/proc/${server.pid}/task/${server.pid}/children`, 'utf8').trim())
    const uid = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^Uid:\s+(\d+)/m)?.[1]
    if (Number(uid) !== UID) fail(`the server runs as uid ${uid}`)
    const stop = () =>
      timed(`${label}: SIGTERM until exit`, async () => {
        process.kill(pid, 'SIGTERM')
        const timeout = new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 10_000))
        const code = await Promise.race([exited, timeout])
        if (code !== 0) fail(`after SIGTERM: ${code}\n${output}`)
        const notJson = stdout.split('\n').find((line) => line && !/^\{.*\}$/.test(line))
        if (notJson !== undefined) fail(`a stdout line is not JSON: ${notJson}`)
      })
    return { stop }
  }

  const first = await start('first run')
  await timed('GET / shows the .env phone and SITE_URL', async () => {
    const html = await (await fetch(origin)).text()
    for (const value of Object.values(facts)) if (!html.includes(value)) fail(`GET / lacks ${value}`)
  })
  await timed('HEALTHCHECK command in the image: exit 0', async () => {
    const check = inImage(rootfs, dataDir, config, config.Healthcheck!.Test!.slice(1), env)
    const code = await new Promise((done) => check.on('exit', done))
    if (code !== 0) fail(`HEALTHCHECK exited ${code}`)
  })
  const email = `container-${Date.now()}@example.com`
  await timed('no-JavaScript quote request: 303 sent', () => postLeadForm(origin, { firstName: 'Container', email }))
  await first.stop()
  const second = await start('restart')
  await second.stop()
  await timed('the lead is in /data after the restart', () => {
    if (!storedLeads(dataDir, envFile).some((lead) => lead.email === email)) fail(`no lead ${email} in /data`)
  })
} catch (error) {
  console.error(`✖ ${(error as Error).message}`)
  process.exitCode = 1
} finally {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL')
  if (rootfs) spawnSync('podman', ['image', 'unmount', IMAGE])
  rmSync(work, { recursive: true, force: true })
}
if (process.exitCode) process.exit()
console.log(`\n✔ container check passed; image ${(Number(size) / 1e6).toFixed(0)} MB`)
for (const [label, seconds] of timings) console.log(`  ${seconds.toFixed(1).padStart(6)} s  ${label}`)
