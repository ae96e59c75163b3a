// The seeds import the embedded backend, whose migrations are bundled by Vite (`?raw`, `import.meta.glob`):
// they run in Vite's module runner, as the tests do.
import { fileURLToPath } from 'node:url'
import { createServer } from 'vite'
import type * as PostedWorkSeed from './posted-work-seed'
import type * as QuoteSeed from './quote-seed'

/** `file`, next to this one, loaded in a module runner of its own that is closed once `use` is done. */
async function withSeed<Seed, Result>(file: string, use: (seed: Seed) => Promise<Result>): Promise<Result> {
  const vite = await createServer({
    configFile: false,
    logLevel: 'error',
    resolve: { alias: { '~': fileURLToPath(new URL('../../app', import.meta.url)) } },
    server: { middlewareMode: true, hmr: false, ws: false },
    appType: 'custom',
    optimizeDeps: { noDiscovery: true, include: [] },
  })
  try {
    return await use((await vite.ssrLoadModule(fileURLToPath(new URL(file, import.meta.url)))) as Seed)
  } finally {
    await vite.close()
  }
}

export const seedPostedWork = (dataDir: string, count: number) =>
  withSeed<typeof PostedWorkSeed, void>('./posted-work-seed.ts', (seed) => seed.seedPostedWork(dataDir, count))

export const seedQuote = (dataDir: string) =>
  withSeed<typeof QuoteSeed, string>('./quote-seed.ts', (seed) => seed.seedQuote(dataDir))
