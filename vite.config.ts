import { tanstackStart } from '@tanstack/react-start/plugin/vite'
import { defineConfig } from 'vite'
import viteReact from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'
import { nitro } from 'nitro/vite'
import type { Plugin } from 'vite'

/**
 * The one stylesheet is inlined into every page's HTML (inlineCss below), but Vite still lists it among the
 * dependencies of each lazy chunk and adds it as a <link> when the chunk loads: the browser then parses it a
 * second time and restyles the whole page in the middle of hydration. Drop CSS from those runtime lists.
 */
function skipInlinedCssPreloads(): Plugin {
  const mapDeps = 'i.map(i=>d[i])'
  return {
    name: 'skip-inlined-css-preloads',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk' || !chunk.code.startsWith('const __vite__mapDeps=')) continue
          if (!chunk.code.includes(mapDeps)) this.error(`${chunk.fileName}: unexpected __vite__mapDeps shape`)
          chunk.code = chunk.code.replace(mapDeps, `${mapDeps}.filter(d=>!d.endsWith(".css"))`)
        }
      },
    },
  }
}

/** Where the production build goes; separate folders let several builds coexist (CI, benches). */
const outputDir = process.env.BUILD_OUTPUT_DIR ?? '.output'

/** Business settings overridable at build time (see app/content/site.ts). */
const siteEnv = Object.fromEntries(
  Object.entries(process.env).filter(
    ([name]) => name === 'SITE_URL' || name === 'ASSISTANT_NAME' || /^(BUSINESS|SOCIAL|PUBLIC)_/.test(name),
  ),
)

export default defineConfig({
  server: { port: 3000 },
  define: { __SITE_ENV__: JSON.stringify(siteEnv) },
  resolve: { tsconfigPaths: true },
  build: {
    sourcemap: process.env.ANALYZE === "1" ? "hidden" : false,
  },
  plugins: [
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
    skipInlinedCssPreloads(),
    // Pre-compress static assets (brotli + gzip); SSR HTML is compressed in app/server.ts.
    nitro({
      output: { dir: outputDir, serverDir: `${outputDir}/server`, publicDir: `${outputDir}/public` },
      compressPublicAssets: { gzip: true, brotli: true },
      // PGlite loads its .wasm and .data files next to its own module: ship the package whole.
      traceDeps: ['@electric-sql/pglite*'],
      // Image file names carry a content hash (scripts/build-images.mjs), so they never change.
      routeRules: { '/img/**': { headers: { 'cache-control': 'public, max-age=31536000, immutable' } } },
    }),
  ],
})
