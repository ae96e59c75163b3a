import { fileURLToPath } from 'node:url'
import { tanstackStart } from '@tanstack/react-start/plugin/vite'
import { defineConfig } from 'vite'
import viteReact from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'
import { nitro } from 'nitro/vite'
import type { Plugin, Rolldown } from 'vite'
import { parseBuildSettings } from './build/build-settings'
import { compileHint, compileHintMinBytes } from './build/compile-hint'
import { scriptFile } from './build/script-file'
import { loadEnvFile } from './app/platform/config.server'

type OutputBundle = Rolldown.OutputBundle

/**
 * The stylesheet is inlined into every page, yet Vite would still add it as a <link> when a lazy chunk loads,
 * and the browser would restyle the whole page mid-hydration. Drop CSS from those runtime dependency lists.
 */
function skipInlinedCssPreloads(bundle: OutputBundle, fail: (message: string) => never) {
  const mapDeps = 'i.map(i=>d[i])'
  for (const chunk of Object.values(bundle)) {
    if (chunk.type !== 'chunk' || !chunk.code.startsWith('const __vite__mapDeps=')) continue
    if (!chunk.code.includes(mapDeps)) fail(`${chunk.fileName}: unexpected __vite__mapDeps shape`)
    chunk.code = chunk.code.replace(mapDeps, `${mapDeps}.filter(d=>!d.endsWith(".css"))`)
  }
}

/**
 * The entry, the route chunks and what they import start with V8's compile hint, so hydration does not compile
 * them on the main thread; on-demand chunks and small files go without (docs/decisions/002-compile-hints.md).
 */
function addCompileHintsForFirstLoad(bundle: OutputBundle) {
  const firstLoad = new Set<string>()
  const add = (fileName: string) => {
    if (firstLoad.has(fileName)) return
    firstLoad.add(fileName)
    const chunk = bundle[fileName]
    if (chunk?.type === 'chunk') chunk.imports.forEach(add)
  }
  for (const chunk of Object.values(bundle)) {
    if (chunk.type === 'chunk' && (chunk.isEntry || chunk.moduleIds.some((id) => id.includes('?tsr-split='))))
      add(chunk.fileName)
  }
  for (const fileName of firstLoad) {
    const chunk = bundle[fileName]
    if (chunk?.type !== 'chunk' || Buffer.byteLength(chunk.code) < compileHintMinBytes) continue
    // Names are already hashed, but the hint follows from the chunk graph: one name still means one content.
    chunk.code = `${compileHint}\n${chunk.code}`
    // The hint is one more line: shift an emitted source map (ANALYZE=1 builds) down by one.
    const map = bundle[`${fileName}.map`]
    if (map?.type === 'asset' && typeof map.source === 'string') {
      const json = JSON.parse(map.source)
      map.source = JSON.stringify({ ...json, mappings: `;${json.mappings}` })
    }
  }
}

/** Last touches to the browser's chunks, once Vite has written its own code into them; the order matters. */
function finishClientChunks(): Plugin {
  return {
    name: 'finish-client-chunks',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        skipInlinedCssPreloads(bundle, (message) => this.error(message))
        // After the step above, which expects each chunk to start with Vite's own code.
        addCompileHintsForFirstLoad(bundle)
      },
    },
  }
}

/**
 * The browser build's stylesheet path, for the server build as `virtual:whole-stylesheet`: a stored page inlines
 * only its own rules and links this (app/platform/http/page-css.server.ts). The browser is built first.
 */
function wholeStylesheetPath(): Plugin {
  const id = 'virtual:whole-stylesheet'
  let path: string | undefined
  return {
    name: 'whole-stylesheet-path',
    resolveId: (source) => (source === id ? `\0${id}` : undefined),
    load(source) {
      if (source !== `\0${id}`) return
      if (this.environment.mode === 'build' && !path) this.error('the server was built before the browser')
      return `export default ${JSON.stringify(path)}`
    },
    generateBundle(_options, bundle) {
      if (this.environment.name !== 'client') return
      const sheets = Object.values(bundle).filter((file) => file.fileName.endsWith('.css'))
      if (sheets.length !== 1) this.error(`expected one stylesheet in the browser build, found ${sheets.length}`)
      path = `/${sheets[0]!.fileName}`
    },
  }
}

// `.env` first: it may set the business facts below; the shell's variables win over it.
loadEnvFile()

/** Where the production build goes; separate folders let several builds coexist (CI, benches). */
const outputDir = process.env.BUILD_OUTPUT_DIR ?? '.output'

/** Business settings overridable at build time (see app/content/site.ts). */
const siteEnv = parseBuildSettings(process.env)

export default defineConfig({
  server: { port: 3000 },
  define: { __SITE_ENV__: JSON.stringify(siteEnv) },
  resolve: {
    tsconfigPaths: true,
    // The server build resolves lucide-react's "node" export, CommonJS: all 2,092 icons (1 MB) bundled and loaded at
    // start for the dozen we use. Its ES module build, which the browser's build already takes, is tree-shaken.
    alias: {
      'lucide-react': fileURLToPath(new URL('node_modules/lucide-react/dist/esm/lucide-react.mjs', import.meta.url)),
    },
  },
  build: {
    sourcemap: process.env.ANALYZE === '1' ? 'hidden' : false,
    // Every page needs the framework before it hydrates: one chunk, not a dozen small ones (decision 059).
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|use-sync-external-store|seroval[^\\/]*|cookie-es|@tanstack[\\/](react-router|router-core|react-start[^\\/]*|start-[^\\/]*|history|store|react-store))[\\/]/,
            },
          ],
        },
      },
    },
  },
  plugins: [
    scriptFile(),
    tailwindcss(),
    tanstackStart({
      srcDirectory: 'app',
      // Loaders get their own chunks too, so page content they read stays out of the entry bundle.
      router: {
        codeSplittingOptions: {
          defaultBehavior: [['loader'], ['component'], ['pendingComponent', 'errorComponent', 'notFoundComponent']],
        },
      },
      // Inline the route CSS into the HTML: no render-blocking stylesheet request on first load.
      server: { build: { inlineCss: true } },
    }),
    viteReact(),
    finishClientChunks(),
    wholeStylesheetPath(),
    // Pre-compress static assets (brotli + gzip); SSR HTML is compressed in app/server.ts.
    nitro({
      output: { dir: outputDir, serverDir: `${outputDir}/server`, publicDir: `${outputDir}/public` },
      compressPublicAssets: { gzip: true, brotli: true },
      // PGlite, sharp (its libvips), heic-decode's libheif-js (its .wasm) and ical-timezones (its zones, via
      // __dirname) load files next to their modules: ship them whole, unbundled.
      traceDeps: ['@electric-sql/pglite*', 'sharp', '@img/*', 'heic-decode', 'libheif-js', '@touch4it/ical-timezones'],
      // Image file names carry a content hash (scripts/build-images.ts), so they never change.
      routeRules: { '/img/**': { headers: { 'cache-control': 'public, max-age=31536000, immutable' } } },
      // In order: read .env; bound V8's heap; turn library output into JSON log lines; take the data folder's
      // lock before listening; route-rule headers reach error answers too, so keep a 404 under /assets or /img
      // from being cached a year; render the home page at start.
      plugins: [
        './app/platform/start/nitro-env-file.server.ts',
        './app/platform/start/nitro-memory.server.ts',
        './app/platform/log/nitro-console.server.ts',
        './app/platform/start/nitro-data-folder-lock.server.ts',
        './app/platform/http/nitro-uncached-errors.server.ts',
        './app/platform/http/nitro-warm-up.server.ts',
      ],
    }),
  ],
})
