// Copies the site modules the Edge Functions reuse (the quote validation rules, business facts and
// the grounded assistant) from app/ into supabase/functions/_shared/app/, so each function's
// module graph stays inside supabase/functions/ — the folder every Supabase CLI version bundles.
//
// The copies are the app files byte for byte, except:
//   - a one-line "GENERATED" header;
//   - relative and `~/` import specifiers get their file extension (`'../content/site'` ->
//     `'../content/site.ts'`), which Deno requires.
// Bare specifiers (e.g. 'valibot') are kept; each function's deno.json maps them to npm:.
//
//   node scripts/supabase-sync-shared.mjs          write the copies (and remove stale ones)
//   node scripts/supabase-sync-shared.mjs --check  exit 1 if any copy is missing or out of date
//
// tests/supabase/shared-sync.spec.ts runs the check, so an edit in app/ that is not synced fails
// `npm run test:supabase`.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const APP = join(ROOT, 'app')
export const SHARED_APP_DIR = join(ROOT, 'supabase', 'functions', '_shared', 'app')

/** The app modules the functions import (their app-relative imports are followed). */
export const ENTRIES = [
  'app/lib/quote-schema.ts',
  'app/content/site.ts',
  'app/server/assistant/grounded.server.ts',
  'app/server/assistant/answer.server.ts',
]

const HEADER = (source) =>
  `// GENERATED from ${source} by scripts/supabase-sync-shared.mjs — do not edit here; edit ${source} and re-run the script.\n`

const IMPORT_RE = /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])([^'"\n]+)\2/g

function resolveModule(fromFile, specifier) {
  let base
  if (specifier.startsWith('~/')) base = join(APP, specifier.slice(2))
  else if (specifier.startsWith('./') || specifier.startsWith('../')) base = resolve(dirname(fromFile), specifier)
  else return null // bare: left to the import map
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate
  }
  throw new Error(`${relative(ROOT, fromFile)}: cannot resolve import '${specifier}'`)
}

/** { files: Map<absolute output path, content>, bare: Set<bare specifier> } */
export function generateSharedFiles({ entries = ENTRIES } = {}) {
  const files = new Map()
  const bare = new Set()
  const queue = entries.map((entry) => join(ROOT, entry)).filter((file) => existsSync(file))
  const missing = entries.filter((entry) => !existsSync(join(ROOT, entry)))
  const seen = new Set()
  while (queue.length) {
    const file = queue.shift()
    if (seen.has(file)) continue
    seen.add(file)
    if (!file.startsWith(APP + '/')) throw new Error(`${relative(ROOT, file)} is outside app/`)
    if (!file.endsWith('.ts')) throw new Error(`${relative(ROOT, file)}: only .ts modules can be shared with the functions`)
    const source = readFileSync(file, 'utf8')
    const rewritten = source.replace(IMPORT_RE, (match, lead, quote, specifier) => {
      const target = resolveModule(file, specifier)
      if (!target) {
        bare.add(specifier)
        return match
      }
      queue.push(target)
      let rel = relative(dirname(file), target)
      if (!rel.startsWith('.')) rel = `./${rel}`
      return `${lead}${quote}${rel}${quote}`
    })
    const outPath = join(SHARED_APP_DIR, relative(APP, file))
    files.set(outPath, HEADER(relative(ROOT, file)) + rewritten)
  }
  return { files, bare, missing }
}

function listFiles(dir) {
  if (!existsSync(dir)) return []
  const out = []
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) out.push(...listFiles(path))
    else out.push(path)
  }
  return out
}

/** Differences between the generated copies and supabase/functions/_shared/app (empty: in sync). */
export function checkSharedFiles(options) {
  const { files, missing } = generateSharedFiles(options)
  const problems = missing.map((entry) => `missing source ${entry}`)
  for (const [path, content] of files) {
    if (!existsSync(path)) problems.push(`missing ${relative(ROOT, path)}`)
    else if (readFileSync(path, 'utf8') !== content) problems.push(`out of date ${relative(ROOT, path)}`)
  }
  for (const path of listFiles(SHARED_APP_DIR)) {
    if (!files.has(path)) problems.push(`stale ${relative(ROOT, path)}`)
  }
  return problems
}

export function writeSharedFiles(options) {
  const { files, missing } = generateSharedFiles(options)
  for (const path of listFiles(SHARED_APP_DIR)) if (!files.has(path)) rmSync(path)
  for (const [path, content] of files) {
    mkdirSync(dirname(path), { recursive: true })
    if (!existsSync(path) || readFileSync(path, 'utf8') !== content) writeFileSync(path, content)
  }
  return { written: [...files.keys()].map((p) => relative(ROOT, p)), missing }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.argv.includes('--check')) {
    const problems = checkSharedFiles()
    if (problems.length) {
      console.error(`supabase/functions/_shared/app is out of sync with app/:\n  ${problems.join('\n  ')}\nRun: node scripts/supabase-sync-shared.mjs`)
      process.exit(1)
    }
    console.log('supabase/functions/_shared/app is in sync with app/')
  } else {
    const { written, missing } = writeSharedFiles()
    console.log(`wrote ${written.length} files:\n  ${written.join('\n  ')}`)
    if (missing.length) console.warn(`missing sources (not copied): ${missing.join(', ')}`)
  }
}
