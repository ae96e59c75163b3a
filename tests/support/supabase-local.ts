// A local stand-in for a hosted Supabase project (Docker and the Supabase CLI cannot run here): Postgres 15
// with Supabase's roles, each Edge Function under Deno exactly as deployed, and a gateway router that
// serves /functions/v1/<name> (anon or service key required) and a LOCAL STAND-IN for /rest/v1/rpc/<fn>.
// Manual run: npx tsx tests/support/supabase-local.ts, then start the site with the SUPABASE_* it prints.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { mkdirSync } from 'node:fs'
import { createServer, request as httpRequest, type IncomingMessage, type OutgoingHttpHeaders } from 'node:http'
import { connect } from 'node:net'
import { join } from 'node:path'
import { freePort } from './free-port'
import { applyMigrations, psql, psqlOk, ROOT, startPostgres, type PgCluster } from './supabase-postgres'

export interface RunningFunction {
  name: string
  port: number
  url: string
  output(): string
  stop(): Promise<void>
}

export interface Keys {
  anon: string
  service: string
  /** Signs user access tokens (hosted: the project's JWT secret). */
  jwtSecret: string
}

/** An HS256 JWT as Supabase Auth issues for a signed-in user. */
export function signJwt(claims: Record<string, unknown>, secret: string): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
  const body = `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}`
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`
}

/** The claims of a valid, unexpired HS256 JWT, as PostgREST checks it; null otherwise. */
export function verifyJwt(token: string, secret: string): Record<string, unknown> | null {
  const [header, payload, signature] = token.split('.')
  if (!header || !payload || !signature) return null
  const expected = createHmac('sha256', secret).update(`${header}.${payload}`).digest()
  const given = Buffer.from(signature, 'base64url')
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>
    return typeof claims.exp === 'number' && claims.exp > Date.now() / 1000 ? claims : null
  } catch {
    return null
  }
}

export interface Router {
  url: string
  port: number
  requests: { method: string; path: string }[]
  stop(): Promise<void>
}

export interface LocalSupabase {
  cluster: PgCluster
  keys: Keys
  url: string
  router: Router
  functions: Record<string, RunningFunction>
  stop(): Promise<void>
}

type Env = Record<string, string>

export const FUNCTION_NAMES = ['send-quote-email', 'fetch-reviews', 'ai-assistant', 'lead-photos']
export const DENO_DIR = process.env.DENO_DIR || join(ROOT, 'node_modules', '.cache', 'supabase-deno')

/** The host's registry/proxy settings (Deno fetches npm: packages), with loopback never proxied. */
function networkEnv(): Env {
  const out: Env = {}
  for (const name of [
    'NPM_CONFIG_REGISTRY',
    'npm_config_registry',
    'HTTP_PROXY',
    'HTTPS_PROXY',
    'http_proxy',
    'https_proxy',
    // Custom CA bundles (e.g. a TLS-inspecting proxy in front of the registry).
    'DENO_CERT',
    'DENO_TLS_CA_STORE',
    'SSL_CERT_FILE',
    'SSL_CERT_DIR',
    'NODE_EXTRA_CA_CERTS',
  ]) {
    const value = process.env[name]
    if (value) out[name] = value
  }
  const noProxy = [process.env.NO_PROXY ?? process.env.no_proxy, '127.0.0.1', 'localhost'].filter(Boolean).join(',')
  out.NO_PROXY = noProxy
  out.no_proxy = noProxy
  return out
}

function denoBinary() {
  return join(ROOT, 'node_modules', '.bin', 'deno')
}

function waitForPort(port: number, child: ChildProcess, output: () => string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs
  return new Promise<void>((resolve, reject) => {
    const attempt = () => {
      if (child.exitCode !== null) return reject(new Error(`function exited early (${child.exitCode}):\n${output()}`))
      const socket = connect(port, '127.0.0.1')
      socket.once('connect', () => {
        socket.destroy()
        resolve()
      })
      socket.once('error', () => {
        socket.destroy()
        if (Date.now() > deadline)
          return reject(new Error(`function did not listen within ${timeoutMs} ms:\n${output()}`))
        setTimeout(attempt, 100)
      })
    }
    attempt()
  })
}

/** Download the functions' npm: packages into DENO_DIR once, before several start in parallel. */
export function cacheFunctionDeps(names = FUNCTION_NAMES) {
  mkdirSync(DENO_DIR, { recursive: true })
  for (const name of names) {
    const dir = join(ROOT, 'supabase', 'functions', name)
    const result = spawnSync(denoBinary(), ['cache', '--config', join(dir, 'deno.json'), join(dir, 'index.ts')], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        DENO_DIR,
        NO_COLOR: '1',
        DENO_NO_UPDATE_CHECK: '1',
        ...networkEnv(),
      },
      encoding: 'utf8',
    })
    if (result.status !== 0) throw new Error(`deno cache failed for ${name}:\n${result.stderr}`)
  }
}

/**
 * Run one Edge Function with Deno on 127.0.0.1:<port>. `env` are its secrets. Returns
 * { name, port, url, output(), stop() }.
 */
export async function startFunction(
  name: string,
  { env = {}, timeoutMs = 120_000 }: { env?: Env; timeoutMs?: number } = {},
): Promise<RunningFunction> {
  mkdirSync(DENO_DIR, { recursive: true })
  const port = await freePort()
  const dir = join(ROOT, 'supabase', 'functions', name)
  let log = ''
  const child = spawn(
    denoBinary(),
    [
      'run',
      '--allow-net',
      '--allow-env',
      '--allow-read',
      '--allow-sys',
      '--no-prompt',
      '--config',
      join(dir, 'deno.json'),
      join(dir, 'index.ts'),
    ],
    {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        DENO_DIR,
        NO_COLOR: '1',
        DENO_NO_UPDATE_CHECK: '1',
        DENO_SERVE_ADDRESS: `tcp:127.0.0.1:${port}`,
        ...networkEnv(),
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  child.stdout.on('data', (chunk) => (log += chunk))
  child.stderr.on('data', (chunk) => (log += chunk))
  const stop = () =>
    new Promise<void>((resolve) => {
      process.off('exit', kill)
      if (child.exitCode !== null || child.signalCode !== null) return resolve()
      child.once('exit', () => resolve())
      child.kill('SIGTERM')
      setTimeout(() => child.kill('SIGKILL'), 3000).unref()
    })
  const kill = () => child.kill('SIGKILL')
  process.on('exit', kill)
  try {
    await waitForPort(port, child, () => log, timeoutMs)
  } catch (error) {
    await stop()
    throw error
  }
  return { name, port, url: `http://127.0.0.1:${port}`, output: () => log, stop }
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => resolve(Buffer.concat(chunks)))
    req.on('error', reject)
  })
}

const SQL_NAME = /^[a-z_][a-z0-9_]{0,62}$/

/** Call public.<fn>(named args) as `role` through psql, shaped like PostgREST's answer. */
function callRpc(
  cluster: PgCluster,
  role: string,
  fn: string,
  args: Record<string, unknown>,
  claims: Record<string, unknown> = { role },
): { status: number; body: unknown } {
  if (!SQL_NAME.test(fn)) return { status: 404, body: { code: 'PGRST202', message: 'Could not find the function' } }
  const names = Object.keys(args ?? {})
  if (!names.every((n) => SQL_NAME.test(n)))
    return { status: 400, body: { code: 'PGRST100', message: 'bad argument name' } }
  const info = psql(
    cluster,
    `SELECT p.proretset::text || ',' || (p.prorettype = 'void'::regtype)::text || ',' ||
            coalesce((SELECT string_agg(n, ' ') FROM unnest(p.proargnames) WITH ORDINALITY a(n, i)
                       JOIN unnest(p.proargtypes::regtype[]) WITH ORDINALITY t(type, j) ON i = j
                      WHERE t.type IN ('jsonb'::regtype, 'json'::regtype)), '')
       FROM pg_proc p
      WHERE p.pronamespace = 'public'::regnamespace AND p.proname = '${fn}' LIMIT 1;`,
    { user: 'supabase_admin' },
  )
  if (!info.ok || !info.stdout)
    return { status: 404, body: { code: 'PGRST202', message: `Could not find the function public.${fn}` } }
  const [retset, isVoid] = info.stdout.split(',').map((s) => s === 'true')
  // PostgREST hands a json or jsonb parameter its JSON as is, arrays too.
  const jsonArgs = new Set(info.stdout.split(',')[2]!.split(' ').filter(Boolean))
  // Values go in as psql variables (:'aN' = a quoted literal of unknown type), like PostgREST's.
  const vars: string[][] = []
  const callArgs = names.map((name, i) => {
    const value = args[name]
    if (value === null || value === undefined) return `${name} => NULL`
    // PostgREST passes a JSON array to an array parameter: here as a Postgres array literal.
    const literal = jsonArgs.has(name)
      ? JSON.stringify(value)
      : Array.isArray(value)
        ? `{${value.map((item) => JSON.stringify(String(item))).join(',')}}`
        : typeof value === 'object'
          ? JSON.stringify(value)
          : String(value)
    vars.push(['-v', `a${i}=${literal}`])
    return `${name} => :'a${i}'`
  })
  const call = `public.${fn}(${callArgs.join(', ')})`
  const select = isVoid
    ? `SELECT ${call};`
    : retset
      ? `SELECT coalesce(jsonb_agg(to_jsonb(f)), '[]'::jsonb) FROM ${call} f;`
      : `SELECT to_jsonb(f) FROM ${call} f;`
  vars.push(['-v', `claims=${JSON.stringify(claims)}`])
  const sql = `SET ROLE ${role};\nSET request.jwt.claims TO :'claims';\n${select}`
  const result = psqlWithVars(cluster, sql, vars.flat())
  if (!result.ok) {
    const match = result.stderr.match(/ERROR:\s+([0-9A-Z]{5}):\s+(.*)/)
    const code = match?.[1] ?? 'XX000'
    return {
      status: code === '42501' ? (role === 'anon' ? 401 : 403) : 400,
      body: { code, message: match?.[2] ?? 'error', details: null, hint: null },
    }
  }
  if (isVoid) return { status: 204, body: undefined }
  return { status: 200, body: JSON.parse(result.stdout || 'null') }
}

function psqlWithVars(cluster: PgCluster, sql: string, vars: string[]) {
  // psql() takes the SQL on stdin; variables are passed on the command line.
  return psql(cluster, sql, { user: 'authenticator', extraArgs: vars })
}

/**
 * The gateway stand-in. `functions`: { name: { port } }. `keys`: { anon, service }. `cluster`: serve
 * /rest/v1/rpc/* from it. `fallbackUrl`: forward every other path (REST table reads) to that stub.
 * Returns { url, port, requests, stop() }.
 */
export async function startRouter({
  functions,
  keys,
  cluster = null,
  port: wantedPort,
  fallbackUrl = null,
}: {
  functions: Record<string, { port: number }>
  keys: Keys
  cluster?: PgCluster | null
  port?: number
  fallbackUrl?: string | null
}): Promise<Router> {
  const requests: Router['requests'] = []
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://router')
    const body = await readBody(req)
    requests.push({ method: req.method ?? 'GET', path: url.pathname })
    const send = (status: number, payload?: unknown, headers: OutgoingHttpHeaders = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers })
      res.end(payload === undefined ? '' : JSON.stringify(payload))
    }
    const bearer = (req.headers.authorization ?? '').replace(/^Bearer\s+/i, '')
    const apikey = String(req.headers.apikey ?? bearer)
    const roleOf = (key: string) => (key === keys.service ? 'service_role' : key === keys.anon ? 'anon' : null)

    const fn = url.pathname.match(/^\/functions\/v1\/([a-z0-9-]+)$/)
    if (fn) {
      const target = functions[fn[1]!]
      if (!target) return send(404, { code: 'NOT_FOUND', message: 'Requested function was not found' })
      // verify_jwt = true: a request needs a valid project key (the preflight does not).
      if (req.method !== 'OPTIONS' && !roleOf(bearer)) return send(401, { code: 401, message: 'Invalid JWT' })
      const headers: OutgoingHttpHeaders = { ...req.headers, host: `127.0.0.1:${target.port}` }
      delete headers['content-length']
      if (body.length) headers['content-length'] = String(body.length)
      const upstream = httpRequest(
        { host: '127.0.0.1', port: target.port, method: req.method, path: '/' + url.search, headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers)
          answer.pipe(res)
        },
      )
      upstream.on('error', (error) => send(502, { message: `function unreachable: ${error.message}` }))
      upstream.end(body)
      return
    }

    const rpc = url.pathname.match(/^\/rest\/v1\/rpc\/([a-z0-9_]+)$/)
    if (rpc && cluster && req.method === 'POST') {
      const role = roleOf(apikey)
      // A signed-in user's token in Authorization (with the anon key as apikey): their role and claims.
      const claims = role === 'anon' && bearer && !roleOf(bearer) ? verifyJwt(bearer, keys.jwtSecret) : null
      const user = claims?.role === 'authenticated' ? claims : null
      if (!role || (bearer && roleOf(bearer) !== role && !user))
        return send(401, { code: 'PGRST301', message: 'Invalid API key' })
      let args = {}
      try {
        args = body.length ? JSON.parse(body.toString('utf8')) : {}
      } catch {
        return send(400, { code: 'PGRST102', message: 'Invalid JSON body' })
      }
      const result = user
        ? callRpc(cluster, 'authenticated', rpc[1]!, args, user)
        : callRpc(cluster, role, rpc[1]!, args)
      return send(result.status, result.body)
    }
    if (fallbackUrl) {
      // Everything else (REST table reads) goes to the caller's stub, e.g. e2e/support/supabase-stub.ts.
      const target = new URL(fallbackUrl)
      const headers = { ...req.headers, host: target.host }
      delete headers['content-length']
      if (body.length) headers['content-length'] = String(body.length)
      const upstream = httpRequest(
        { host: target.hostname, port: target.port, method: req.method, path: url.pathname + url.search, headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers)
          answer.pipe(res)
        },
      )
      upstream.on('error', (error) => send(502, { message: `stub unreachable: ${error.message}` }))
      upstream.end(body)
      return
    }
    send(404, { message: 'not served by the local Supabase stand-in (PostgREST cannot run here)' })
  })
  const port = wantedPort ?? (await freePort())
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve())
  })
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections?.()
        server.close(() => resolve())
      }),
  }
}

export function makeKeys(): Keys {
  return {
    anon: `local-anon-key-${randomBytes(12).toString('hex')}`,
    service: `local-service-role-key-${randomBytes(12).toString('hex')}`,
    jwtSecret: randomBytes(32).toString('base64url'),
  }
}

/**
 * Everything together: Postgres (migrated + seeded), the functions, the router.
 * `functionEnv(name, ctx)` returns extra secrets per function. `db`: 'postgres' (direct
 * connection, default) or 'rest' (through the router's RPC stand-in).
 */
export async function startLocalSupabase({
  names = FUNCTION_NAMES,
  functionEnv = () => ({}),
  db = 'postgres',
  restFallbackUrl = null,
  cron = false,
  log = () => {},
}: {
  names?: string[]
  functionEnv?: (name: string, ctx: { cluster: PgCluster; keys: Keys; supabaseUrl: string }) => Env
  db?: 'postgres' | 'rest'
  restFallbackUrl?: string | null
  /** Start PostgreSQL with pg_cron loaded (see scheduleEmailRetry). */
  cron?: boolean
  log?: (message: string) => void
} = {}): Promise<LocalSupabase> {
  const cluster = await startPostgres({ log, cron })
  const started: RunningFunction[] = []
  let router: Router | undefined
  try {
    applyMigrations(cluster)
    cacheFunctionDeps(names)
    const keys = makeKeys()
    const routerPort = await freePort()
    const supabaseUrl = `http://127.0.0.1:${routerPort}`
    const functions: Record<string, RunningFunction> = {}
    await Promise.all(
      names.map(async (name) => {
        const env = {
          SUPABASE_URL: supabaseUrl,
          SUPABASE_ANON_KEY: keys.anon,
          SUPABASE_SERVICE_ROLE_KEY: keys.service,
          ...(db === 'postgres' ? { FUNCTIONS_DATABASE_URL: cluster.url('authenticator') } : {}),
          ...functionEnv(name, { cluster, keys, supabaseUrl }),
        }
        const fn = await startFunction(name, { env })
        started.push(fn)
        functions[name] = fn
        log(`${name} on ${fn.url}`)
      }),
    )
    router = await startRouter({ functions, keys, cluster, port: routerPort, fallbackUrl: restFallbackUrl })
    return {
      cluster,
      keys,
      url: router.url,
      router: router as Router,
      functions,
      async stop() {
        await router?.stop()
        await Promise.all(started.map((f) => f.stop()))
        cluster.stop()
      },
    }
  } catch (error) {
    await router?.stop()
    await Promise.all(started.map((f) => f.stop()))
    cluster.stop()
    throw error
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const local = await startLocalSupabase({
    log: (m) => console.log(m),
    functionEnv: () => {
      const pass: Env = {}
      for (const name of [
        'SMTP_URL',
        'RESEND_API_KEY',
        'QUOTE_NOTIFY_EMAIL',
        'SITE_ORIGIN',
        'GOOGLE_PLACES_API_KEY',
        'GOOGLE_PLACE_ID',
      ]) {
        const value = process.env[name]
        if (value) pass[name] = value
      }
      return pass
    },
  })
  console.log(
    `\nLocal Supabase stand-in ready:\n  SUPABASE_URL=${local.url}\n  SUPABASE_ANON_KEY=${local.keys.anon}\n  (Postgres: psql -h ${local.cluster.socketDir} -p ${local.cluster.port} -U postgres app)\nCtrl-C to stop.`,
  )
  const shutdown = async () => {
    await local.stop()
    process.exit(0)
  }
  process.on('SIGINT', shutdown)
  process.on('SIGTERM', shutdown)
}

/**
 * LOCAL STAND-INS for hosted Supabase's Vault and pg_net, which cannot be installed here: Vault keeps its
 * secrets as plain rows, and net.http_post (pg_net's signature) posts synchronously with curl through
 * COPY TO PROGRAM. pg_cron is the real extension (the cluster must start with `cron: true`).
 */
const VAULT_AND_NET_STAND_INS = `
CREATE EXTENSION IF NOT EXISTS pg_cron;
GRANT USAGE ON SCHEMA cron TO postgres;

CREATE SCHEMA vault;
CREATE TABLE vault.stand_in_secrets (id uuid PRIMARY KEY DEFAULT gen_random_uuid(), name text UNIQUE, secret text NOT NULL);
CREATE VIEW vault.decrypted_secrets AS SELECT id, name, secret AS decrypted_secret FROM vault.stand_in_secrets;
CREATE FUNCTION vault.create_secret(new_secret text, new_name text DEFAULT NULL, new_description text DEFAULT '')
RETURNS uuid LANGUAGE sql AS $$
  INSERT INTO vault.stand_in_secrets (name, secret) VALUES (new_name, new_secret) RETURNING id
$$;
GRANT USAGE ON SCHEMA vault TO postgres;
GRANT SELECT, INSERT ON vault.stand_in_secrets TO postgres;
GRANT SELECT ON vault.decrypted_secrets TO postgres;

CREATE SCHEMA net;
CREATE SEQUENCE net.stand_in_request_id;
CREATE FUNCTION net.http_post(
  url text,
  body jsonb DEFAULT '{}'::jsonb,
  params jsonb DEFAULT '{}'::jsonb,
  headers jsonb DEFAULT '{"Content-Type": "application/json"}'::jsonb,
  timeout_milliseconds integer DEFAULT 5000
) RETURNS bigint LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  v_command text := 'curl -s -o /dev/null --noproxy ''*'' -X POST --data-binary @- -m '
    || greatest(1, timeout_milliseconds / 1000) || ' ' || quote_literal(url);
  v_header record;
BEGIN
  -- quote_literal is shell-safe here: the values come from the test, and contain no backslash.
  FOR v_header IN SELECT key, value FROM jsonb_each_text(headers) LOOP
    v_command := v_command || ' -H ' || quote_literal(v_header.key || ': ' || v_header.value);
  END LOOP;
  EXECUTE format('COPY (SELECT %L) TO PROGRAM %L', body::text, v_command);
  RETURN nextval('net.stand_in_request_id');
END
$$;
GRANT USAGE ON SCHEMA net TO postgres;
GRANT EXECUTE ON FUNCTION net.http_post(text, jsonb, jsonb, jsonb, integer) TO postgres;
`

/**
 * Schedules the owner-e-mail retry as supabase/README.md tells the owner to (step 6), against the stand-ins
 * above: the Vault secrets, then pg_cron every minute.
 */
export function scheduleEmailRetry(local: LocalSupabase, { siteSecret }: { siteSecret?: string } = {}): void {
  psqlOk(local.cluster, VAULT_AND_NET_STAND_INS, { user: 'supabase_admin' })
  const secret = (value: string, name: string) => `SELECT vault.create_secret('${value}', '${name}');`
  psqlOk(
    local.cluster,
    [
      secret(`${local.url}/functions/v1/send-quote-email`, 'send_quote_email_url'),
      secret(local.keys.anon, 'anon_key'),
      siteSecret ? secret(siteSecret, 'site_function_secret') : '',
      `SELECT cron.schedule('retry-quote-emails', '* * * * *', 'SELECT public.request_quote_email_retry()');`,
    ].join('\n'),
  )
}
