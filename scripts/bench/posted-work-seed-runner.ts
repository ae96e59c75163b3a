// The seed imports the embedded backend, whose migrations are bundled by Vite (`?raw`, `import.meta.glob`):
// it runs in Vite's module runner, as the tests do.
import { fileURLToPath } from 'node:url'
import { createServer } from 'vite'

export async function seedPostedWork(dataDir: string, count: number): Promise<void> {
  const vite = await createServer({
    configFile: false,
    logLevel: 'error',
    resolve: { alias: { '~': fileURLToPath(new URL('../../app', import.meta.url)) } },
    server: { middlewareMode: true, hmr: false, ws: false },
    appType: 'custom',
    optimizeDeps: { noDiscovery: true, include: [] },
  })
  try {
    const seed = (await vite.ssrLoadModule(fileURLToPath(new URL('./posted-work-seed.ts', import.meta.url)))) as {
      seedPostedWork: typeof seedPostedWork
    }
    await seed.seedPostedWork(dataDir, count)
  } finally {
    await vite.close()
  }
}
