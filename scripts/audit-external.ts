// npm run audit:external — the Nu HTML checker (needs Java), pa11y (htmlcs, WCAG2AA) and Adobe's structured-data
// validator on every route kind, linkinator from `/`, against the production build; exits 1 on any error.
// @ts-expect-error: the package ships no types; its issues are typed where they are read.
import Validator from '@adobe/structured-data-validator'
import { LinkChecker, LinkState } from 'linkinator'
import { spawnSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { chromiumFlags, ensureChromium, ensureCommand } from '../tests/support/system-deps'
import { routeKinds, startProductionServer } from './bench/common'

type Pa11yIssue = { type: 'error' | 'warning' | 'notice'; code: string; message: string; selector: string }
type StructuredDataIssue = { rootType: string; severity: 'ERROR' | 'WARNING'; issueMessage: string }

const require = createRequire(import.meta.url)
const pa11y = require('pa11y') as (url: string, options: object) => Promise<{ issues: Pa11yIssue[] }>
ensureCommand('java', 'default-jre-headless')
const chromium = ensureChromium()
const server = await startProductionServer()
const pages = await Promise.all(
  routeKinds.map(async ({ kind, path }) => ({ kind, path, html: await (await fetch(server.url + path)).text() })),
)
const summaries: string[] = []
let failures = 0

function report(summary: string, errors: number) {
  summaries.push(summary)
  failures += errors
}

function nuChecker() {
  const folder = mkdtempSync(join(tmpdir(), 'audit-external-'))
  const files = pages.map(({ kind, html }) => {
    writeFileSync(join(folder, `${kind}.html`), html)
    return join(folder, `${kind}.html`)
  })
  const vnuJar = join(dirname(require.resolve('vnu-jar/package.json')), 'build/dist/vnu.jar')
  const args = ['-jar', vnuJar, '--errors-only', '--no-langdetect', '--format', 'json', '--skip-non-html', ...files]
  const { messages } = JSON.parse(spawnSync('java', args, { encoding: 'utf8' }).stderr || '{"messages":[]}') as {
    messages: { type: string; url: string; lastLine?: number; message: string }[]
  }
  // Markup only: Nu's CSS parser does not know Tailwind 4's @property and @starting-style.
  const markup = messages.filter((message) => !message.message.startsWith('CSS:'))
  for (const { type, url, lastLine, message } of markup)
    console.log(`Nu ${type}: ${url.split('/').at(-1)}:${lastLine ?? '?'} ${message}`)
  const ignored = messages.length - markup.length
  report(
    `Nu HTML checker: ${markup.length} markup errors on ${files.length} route kinds (${ignored} CSS messages not counted)`,
    markup.length,
  )
}

async function accessibility() {
  let errors = 0
  for (const { path } of pages) {
    const { issues } = await pa11y(server.url + path, {
      runners: ['htmlcs'],
      standard: 'WCAG2AA',
      chromeLaunchConfig: { executablePath: chromium, args: chromiumFlags },
    })
    for (const issue of issues.filter((found) => found.type === 'error')) {
      console.log(`pa11y ${path}: ${issue.code} ${issue.selector} ${issue.message}`)
      errors++
    }
  }
  report(`pa11y (htmlcs, WCAG2AA): ${errors} errors on ${pages.length} route kinds`, errors)
}

async function structuredData() {
  const validator = new Validator()
  let blocks = 0
  const issues: StructuredDataIssue[] = []
  for (const { path, html } of pages) {
    // The shape @marbec/web-auto-extractor gives the validator: JSON-LD items grouped by their type.
    const jsonld: Record<string, object[]> = {}
    for (const [, text] of html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)) {
      const item = JSON.parse(text!) as { '@type': string }
      blocks++
      ;(jsonld[item['@type']] ??= []).push(item)
    }
    for (const issue of (await validator.validate({ jsonld })) as StructuredDataIssue[]) {
      console.log(`structured data ${path}: ${issue.severity} ${issue.rootType}: ${issue.issueMessage}`)
      issues.push(issue)
    }
  }
  const errors = issues.filter((issue) => issue.severity === 'ERROR').length
  // A warning is something Google ignores, like a one-item breadcrumb: it fails the audit too.
  const found = `${errors} errors, ${issues.length - errors} warnings`
  report(
    `structured data (Adobe, Google rules): ${found} in ${blocks} JSON-LD blocks on ${pages.length} route kinds`,
    issues.length,
  )
}

async function links() {
  // Offline machine: third-party hosts are listed, not fetched.
  const skip = async (link: string) => !link.startsWith(server.url)
  const result = await new LinkChecker().check({ path: `${server.url}/`, recurse: true, linksToSkip: skip })
  const checked = result.links.filter((link) => link.state !== LinkState.SKIPPED)
  const broken = checked.filter((link) => link.state === LinkState.BROKEN)
  for (const link of broken) console.log(`linkinator: ${link.status} ${link.url} (on ${link.parent})`)
  const skipped = result.links.length - checked.length
  report(
    `linkinator: ${broken.length} broken of ${checked.length} local links (${skipped} third-party not fetched)`,
    broken.length,
  )
}

try {
  nuChecker()
  await accessibility()
  await structuredData()
  await links()
} finally {
  await server.stop()
}
console.log(summaries.join('\n'))
process.exit(failures ? 1 : 0)
