/**
 * What `supabase functions deploy` bundles, checked with the real Deno since the Supabase CLI cannot run
 * here: each function's module graph stays inside supabase/functions/ (plus npm: packages).
 */
import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { DENO_DIR, FUNCTION_NAMES } from '../support/supabase-local'
import { generateSharedFiles, SHARED_APP_DIR, writeSharedFiles } from '../support/supabase-shared'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const FUNCTIONS_DIR = join(ROOT, 'supabase', 'functions')
const deno = join(ROOT, 'node_modules', '.bin', 'deno')
const denoEnv = { ...process.env, DENO_DIR, NO_COLOR: '1', DENO_NO_UPDATE_CHECK: '1' }

function denoJson(name: string): { imports: Record<string, string> } {
  return JSON.parse(readFileSync(join(FUNCTIONS_DIR, name, 'deno.json'), 'utf8')) as { imports: Record<string, string> }
}

describe('deployable function bundles', () => {
  it('supabase/functions/_shared/app is generated from the site modules, not committed (one source for the rules)', () => {
    expect(writeSharedFiles().missing).toEqual([])
    // Byte for byte the site's file, after the one-line header; Deno needs the extension on relative imports.
    expect(
      readFileSync(join(SHARED_APP_DIR, 'lib', 'quote-schema.ts'), 'utf8')
        .split('\n')
        .slice(1)
        .join('\n'),
    ).toBe(
      readFileSync(join(ROOT, 'app', 'lib', 'quote-schema.ts'), 'utf8').replace(
        /from '(\.\.?\/[^']+)'/g,
        "from '$1.ts'",
      ),
    )
    expect(readFileSync(join(SHARED_APP_DIR, 'lib', 'quote-messages.ts'), 'utf8')).toContain('QUOTE_MESSAGES')
    expect(readFileSync(join(SHARED_APP_DIR, 'server', 'quote', 'lead-email.server.ts'), 'utf8')).toContain(
      "from '../../content/site.ts'",
    )
    execFileSync('git', ['check-ignore', '--quiet', join(SHARED_APP_DIR, 'lib', 'quote-schema.ts')], { cwd: ROOT })
  })

  it('no hand-written function file redefines what the generated copies export (no hand-made copies)', () => {
    const exported = new Set<string>()
    for (const content of generateSharedFiles().files.values()) {
      for (const m of content.matchAll(/^export (?:async )?(?:function|const|class) (\w+)/gm)) exported.add(m[1]!)
    }
    expect(exported).toContain('sanitizeText')
    const handWritten = readdirSync(FUNCTIONS_DIR, { recursive: true, encoding: 'utf8' }).filter(
      (path) => path.endsWith('.ts') && !path.startsWith(join('_shared', 'app')),
    )
    expect(handWritten.length).toBeGreaterThan(5)
    for (const path of handWritten) {
      const declared = [
        ...readFileSync(join(FUNCTIONS_DIR, path), 'utf8').matchAll(/\b(?:function|const|let|class) (\w+)/g),
      ].map((m) => m[1])
      expect(
        declared.filter((name) => exported.has(name!)),
        path,
      ).toEqual([])
    }
  })

  it('every bare import of the copied modules is mapped to a pinned npm: package in each deno.json', () => {
    const { bare } = generateSharedFiles()
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string> }
    for (const name of FUNCTION_NAMES) {
      const { imports } = denoJson(name)
      for (const specifier of bare)
        expect(imports[specifier], `${name}: ${specifier}`).toMatch(/^npm:.+@\d+\.\d+\.\d+$/)
      // The same versions as the site's own dependencies.
      for (const [bareName, target] of Object.entries(imports)) {
        if (pkg.dependencies[bareName]) expect(target, bareName).toBe(`npm:${bareName}@${pkg.dependencies[bareName]}`)
      }
    }
  })

  for (const name of FUNCTION_NAMES) {
    it(`${name}: the module graph stays inside supabase/functions/ (npm: packages aside) and type-checks under Deno`, () => {
      const entry = join(FUNCTIONS_DIR, name, 'index.ts')
      expect(existsSync(entry)).toBe(true)
      const config = join(FUNCTIONS_DIR, name, 'deno.json')
      const info = JSON.parse(
        execFileSync(deno, ['info', '--json', '--config', config, entry], {
          env: denoEnv,
          encoding: 'utf8',
          maxBuffer: 64 << 20,
        }),
      ) as { modules: { specifier: string; kind?: string; error?: string }[] }
      expect(info.modules.filter((m) => m.error)).toEqual([])
      const local = info.modules.filter((m) => m.specifier.startsWith('file://')).map((m) => fileURLToPath(m.specifier))
      expect(local.length).toBeGreaterThan(1)
      for (const path of local) expect(relative(FUNCTIONS_DIR, path), path).not.toMatch(/^\.\./)
      for (const m of info.modules.filter((m) => !m.specifier.startsWith('file://')))
        expect(m.specifier).toMatch(/^npm:/)
      execFileSync(deno, ['check', '--config', config, entry], { env: denoEnv, stdio: 'pipe' })
    })
  }
})
