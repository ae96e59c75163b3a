// supabase/functions/_shared/app/ (git-ignored), generated from the app/ modules the Edge Functions
// reuse, so each function's graph stays inside supabase/functions/; `npm run supabase:sync` writes it.
// Copies are byte for byte apart from a header line and the `.ts` extensions Deno requires; bare
// specifiers stay, mapped to npm: by each function's deno.json. See
// docs/decisions/006-edge-functions-shared-code.md.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
const APP = join(ROOT, 'app')
export const SHARED_APP_DIR = join(ROOT, 'supabase', 'functions', '_shared', 'app')

/** The app modules the functions import; their app-relative imports are followed. */
export const ENTRIES = [
  'app/lib/quote-schema.ts',
  'app/server/quote/lead-email.server.ts',
  'app/server/quote/lead-webhook.server.ts',
  'app/server/quote/lead-fields.server.ts',
  'app/server/owner/owner-messages.server.ts',
  'app/server/backend/outbox-deliveries.server.ts',
  'app/server/backend/business-hours.server.ts',
  'app/server/backend/lead-storage.server.ts',
  'app/server/backend/lead-photo-upload.server.ts',
  'app/lib/lead-photos.ts',
  'app/server/http/bounded-body.server.ts',
  'app/content/site.ts',
  'app/server/assistant/grounded.server.ts',
  'app/server/assistant/answer.server.ts',
]

const header = (source: string) =>
  `// GENERATED from ${source} by npm run supabase:sync — do not edit here; edit ${source}.\n`

const IMPORT_RE = /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])([^'"\n]+)\2/g

function resolveModule(fromFile: string, specifier: string): string | null {
  let base: string
  if (specifier.startsWith('~/')) base = join(APP, specifier.slice(2))
  else if (specifier.startsWith('./') || specifier.startsWith('../')) base = resolve(dirname(fromFile), specifier)
  else return null // bare: left to the import map
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate
  }
  throw new Error(`${relative(ROOT, fromFile)}: cannot resolve import '${specifier}'`)
}

export interface SharedFiles {
  /** Absolute output path -> content. */
  files: Map<string, string>
  /** Bare specifiers the copies import (each deno.json must map them). */
  bare: Set<string>
  /** Entries that do not exist in app/. */
  missing: string[]
}

export function generateSharedFiles({ entries = ENTRIES }: { entries?: string[] } = {}): SharedFiles {
  const files = new Map<string, string>()
  const bare = new Set<string>()
  const missing = entries.filter((entry) => !existsSync(join(ROOT, entry)))
  const queue = entries.filter((entry) => !missing.includes(entry)).map((entry) => join(ROOT, entry))
  const seen = new Set<string>()
  for (let file = queue.shift(); file; file = queue.shift()) {
    if (seen.has(file)) continue
    seen.add(file)
    if (!file.startsWith(APP + '/')) throw new Error(`${relative(ROOT, file)} is outside app/`)
    if (!file.endsWith('.ts'))
      throw new Error(`${relative(ROOT, file)}: only .ts modules can be shared with the functions`)
    const from = file
    const rewritten = readFileSync(file, 'utf8').replace(
      IMPORT_RE,
      (match, lead: string, quote: string, specifier: string) => {
        const target = resolveModule(from, specifier)
        if (!target) {
          bare.add(specifier)
          return match
        }
        queue.push(target)
        let rel = relative(dirname(from), target)
        if (!rel.startsWith('.')) rel = `./${rel}`
        return `${lead}${quote}${rel}${quote}`
      },
    )
    files.set(join(SHARED_APP_DIR, relative(APP, file)), header(relative(ROOT, file)) + rewritten)
  }
  return { files, bare, missing }
}

function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    return entry.isDirectory() ? listFiles(path) : [path]
  })
}

/** Writes the copies and deletes any the entries no longer reach. */
export function writeSharedFiles(options?: { entries?: string[] }): { written: string[]; missing: string[] } {
  const { files, missing } = generateSharedFiles(options)
  for (const path of listFiles(SHARED_APP_DIR)) if (!files.has(path)) rmSync(path)
  for (const [path, content] of files) {
    mkdirSync(dirname(path), { recursive: true })
    if (!existsSync(path) || readFileSync(path, 'utf8') !== content) writeFileSync(path, content)
  }
  return { written: [...files.keys()].map((path) => relative(ROOT, path)), missing }
}
