import { tanstackStart } from '@tanstack/react-start/plugin/vite'
import { defineConfig } from 'vite'
import viteReact from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'
import { nitro } from 'nitro/vite'

/** Where the production build goes; separate folders let several builds coexist (CI, benches). */
const outputDir = process.env.BUILD_OUTPUT_DIR ?? '.output'

/** Business settings overridable at build time (see app/content/site.ts). */
const siteEnv = Object.fromEntries(
  Object.entries(process.env).filter(([name]) => name === 'SITE_URL' || /^(BUSINESS|SOCIAL)_/.test(name)),
)

export default defineConfig({
  server: { port: 3000 },
  define: { __SITE_ENV__: JSON.stringify(siteEnv) },
  resolve: { tsconfigPaths: true },
  build: { sourcemap: process.env.ANALYZE === "1" ? "hidden" : false },
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
    // Pre-compress static assets (brotli + gzip); SSR HTML is compressed in app/server.ts.
    nitro({
      output: { dir: outputDir, serverDir: `${outputDir}/server`, publicDir: `${outputDir}/public` },
      compressPublicAssets: { gzip: true, brotli: true },
      traceDeps: ['@electric-sql/pglite'],
      // Image file names carry a content hash (scripts/build-images.mjs), so they never change.
      routeRules: { '/img/**': { headers: { 'cache-control': 'public, max-age=31536000, immutable' } } },
    }),
  ],
})
