// Mozilla's HTTP Observatory scanner (npm @mdn/mdn-http-observatory), installed on first use outside the
// project's tree: its PostgreSQL client needs a native build we never use (hence --ignore-scripts).
import { execFileSync } from 'node:child_process'
import { existsSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const VERSION = '1.4.8'
const FOLDER = resolve('node_modules/.cache/observatory', VERSION)
const PACKAGE = join(FOLDER, 'node_modules/@mdn/mdn-http-observatory')

function ensureObservatory(): void {
  if (existsSync(join(PACKAGE, 'conf/hsts-preload.json'))) return
  execFileSync(
    'npm',
    [
      'install',
      '--prefix',
      FOLDER,
      '--no-audit',
      '--no-fund',
      '--ignore-scripts',
      `@mdn/mdn-http-observatory@${VERSION}`,
    ],
    { stdio: 'inherit' },
  )
  // Its install script would download the HSTS preload list; offline it is empty (no host gets that credit).
  writeFileSync(join(PACKAGE, 'conf/hsts-preload.json'), '{}')
}

const load = async (path: string) => import(pathToFileURL(join(PACKAGE, 'src', path)).href)

export interface ObservatoryResult {
  grade: string
  score: number
  failed: string[]
}

/** Scans in a child process, the only way to make Node trust the given CA (NODE_EXTRA_CA_CERTS). */
export function observatoryScan(host: string, httpPort: number, httpsPort: number, caFile: string): ObservatoryResult {
  ensureObservatory()
  const output = execFileSync(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(import.meta.url), host, String(httpPort), String(httpsPort)],
    { env: { ...process.env, NODE_EXTRA_CA_CERTS: caFile }, encoding: 'utf8' },
  )
  return JSON.parse(output.trim().split('\n').at(-1)!) as ObservatoryResult
}

/**
 * The scanner's own retrieval, tests and grading. Its scan() drops the port options its retriever
 * takes, so this does scan()'s few steps itself, with ports.
 */
async function scanWithPorts(host: string, httpPort: number, httpsPort: number): Promise<ObservatoryResult> {
  const { retrieve } = await load('retriever/retriever.js')
  const { ALL_TESTS } = await load('constants.js')
  const { MINIMUM_SCORE_FOR_EXTRA_CREDIT } = await load('grader/charts.js')
  const { getGradeForScore, getScoreModifier } = await load('grader/grader.js')
  const requests = await retrieve(host, { httpPort: String(httpPort), httpsPort: String(httpsPort) })
  if (!requests.responses.auto) throw new Error(`the scanner could not reach https://${host}:${httpsPort}`)
  type Output = { result?: string; pass?: boolean; constructor: { name: string } }
  const results: Output[] = ALL_TESTS.map((check: (r: unknown) => Output) => check(requests))
  let withExtraCredit = 100
  let uncurved = 100
  for (const result of results) {
    if (!result.result) continue
    const modifier: number = getScoreModifier(result.result)
    withExtraCredit += modifier
    if (modifier < 0) uncurved += modifier
  }
  const final = getGradeForScore(uncurved >= MINIMUM_SCORE_FOR_EXTRA_CREDIT ? withExtraCredit : uncurved)
  return {
    grade: final.grade,
    score: final.score,
    failed: results
      .filter((result) => result.pass === false)
      .map((result) => `${result.constructor.name}: ${result.result}`),
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [host = '', httpPort = '', httpsPort = ''] = process.argv.slice(2)
  console.log(JSON.stringify(await scanWithPorts(host, Number(httpPort), Number(httpsPort))))
}
