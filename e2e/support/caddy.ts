// Debian's caddy running deploy/Caddyfile on free loopback ports with its own internal CA (tls internal).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { connect } from 'node:net'
import { connect as connectTls } from 'node:tls'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { freePort } from '../../tests/support/free-port'

export const CADDYFILE = resolve('deploy/Caddyfile')

export function hasCaddy(): boolean {
  return spawnSync('sh', ['-c', 'command -v caddy'], { stdio: 'ignore' }).status === 0
}

export interface CaddyFront {
  host: string
  httpPort: number
  httpsPort: number
  /** The PEM of the internal CA that signed the site's certificate. */
  rootCertificate: string
  stop: () => Promise<void>
}

function listening(port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect(port, '127.0.0.1')
    socket.once('connect', () => done(socket.destroy() === socket))
    socket.once('error', () => done(false))
  })
}

/** Caddy listens before it has issued the site's certificate; until then a handshake ends in an alert. */
function handshakes(port: number, host: string, ca: string): Promise<boolean> {
  return new Promise((done) => {
    const socket = connectTls({ port, host: '127.0.0.1', servername: host, ca })
    socket.once('secureConnect', () => done(socket.destroy() === socket))
    socket.once('error', () => done(false))
  })
}

export async function startCaddy(upstream: string, host = 'localhost'): Promise<CaddyFront> {
  const [httpPort, httpsPort] = [await freePort(), await freePort()]
  const home = mkdtempSync(join(tmpdir(), 'caddy-'))
  let output = ''
  const child: ChildProcess = spawn('caddy', ['run', '--config', CADDYFILE, '--adapter', 'caddyfile'], {
    env: {
      PATH: process.env.PATH,
      HOME: home,
      XDG_DATA_HOME: join(home, 'data'),
      XDG_CONFIG_HOME: join(home, 'config'),
      CADDY_GLOBAL: 'local_certs\n\tskip_install_trust\n\tadmin off\n\tdefault_bind 127.0.0.1',
      CADDY_HTTP_PORT: String(httpPort),
      CADDY_HTTPS_PORT: String(httpsPort),
      CADDY_HTTPS_SUFFIX: `:${httpsPort}`,
      SITE_HOST: host,
      SITE_APEX: `apex.${host}`,
      SITE_UPSTREAM: upstream,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout?.on('data', (chunk) => (output += chunk))
  child.stderr?.on('data', (chunk) => (output += chunk))
  const rootPath = join(home, 'data', 'caddy', 'pki', 'authorities', 'local', 'root.crt')
  const deadline = Date.now() + 20_000
  const ready = async () =>
    existsSync(rootPath) &&
    (await listening(httpPort)) &&
    (await handshakes(httpsPort, host, readFileSync(rootPath, 'utf8')))
  while (!(await ready())) {
    if (child.exitCode !== null) throw new Error(`caddy exited:\n${output}`)
    if (Date.now() > deadline) throw new Error(`caddy did not start in 20 s:\n${output}`)
    await new Promise((done) => setTimeout(done, 100))
  }
  return {
    host,
    httpPort,
    httpsPort,
    rootCertificate: readFileSync(rootPath, 'utf8'),
    // Its certificates and config go with it: every run made a folder that stayed.
    stop: () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null) return done()
        child.once('exit', () => done())
        child.kill('SIGTERM')
      }).then(() => rmSync(home, { recursive: true, force: true })),
  }
}
