// npm run audit:external — validators no one here wrote, against the production build (npm run build first).
// Now: the W3C Nu HTML checker (vnu-jar, needs Java: apt-get install -y default-jre-headless) on one page
// of every route kind, markup only: its CSS parser does not know Tailwind 4's @property/@starting-style.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { ensureCommand } from '../tests/support/system-deps'
import { routeKinds, startProductionServer } from './bench/common'

interface NuMessage {
  type: string
  subType?: string
  url: string
  lastLine?: number
  message: string
  extract?: string
}

ensureCommand('java', 'default-jre-headless')
const vnuJar = join(dirname(createRequire(import.meta.url).resolve('vnu-jar/package.json')), 'build/dist/vnu.jar')
const server = await startProductionServer()
const folder = mkdtempSync(join(tmpdir(), 'audit-external-'))
let failures = 0
try {
  const files = []
  for (const { kind, path } of routeKinds) {
    const file = join(folder, `${kind}.html`)
    writeFileSync(file, await (await fetch(`${server.url}${path}`)).text())
    files.push(file)
  }
  const nu = spawnSync(
    'java',
    ['-jar', vnuJar, '--errors-only', '--no-langdetect', '--format', 'json', '--skip-non-html', ...files],
    {
      encoding: 'utf8',
    },
  )
  const messages = (JSON.parse(nu.stderr || '{"messages":[]}') as { messages: NuMessage[] }).messages
  // Markup only: style elements and attributes go to Nu's CSS parser (see the header).
  const markup = messages.filter((message) => !/^CSS:/.test(message.message))
  for (const message of markup) {
    console.log(`Nu ${message.type}: ${message.url.split('/').at(-1)}:${message.lastLine ?? '?'} ${message.message}`)
  }
  console.log(
    `Nu HTML checker: ${markup.length} markup errors on ${files.length} route kinds` +
      ` (${messages.length - markup.length} CSS messages not counted)`,
  )
  failures += markup.length
} finally {
  await server.stop()
}
process.exit(failures ? 1 : 0)
