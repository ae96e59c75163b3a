import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { basename, relative } from 'node:path'
import { minify, type Plugin } from 'vite'

const query = '?script-file'

/**
 * `import src from './file.js?script-file'`: the file minified into a classic script of the browser build, named by
 * its content so browsers keep it for good, and its path (Vite serves it in dev).
 */
export function scriptFile(): Plugin {
  const served = new Map<string, string>()
  return {
    name: 'script-file',
    enforce: 'pre',
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const code = request.url && served.get(request.url)
        if (!code) return next()
        response.setHeader('Content-Type', 'text/javascript; charset=utf-8')
        response.end(code)
      })
    },
    async load(id) {
      if (!id.endsWith(query)) return null
      const file = id.slice(0, -query.length)
      this.addWatchFile(file)
      const withMap = Boolean(this.environment.config.build.sourcemap)
      const { code, map } = await minify(file, await readFile(file, 'utf8'), { sourcemap: withMap })
      const fileName = `assets/${basename(file, '.js')}-${createHash('sha256').update(code).digest('base64url').slice(0, 8)}.js`
      if (this.environment.mode !== 'build') served.set(`/${fileName}`, code)
      else if (this.environment.name === 'client') {
        this.emitFile({ type: 'asset', fileName, source: code })
        // Hidden like the chunks' maps (ANALYZE=1 builds): bench:size counts the file as ours by it.
        const sources = [relative(this.environment.config.root, file)]
        if (map)
          this.emitFile({ type: 'asset', fileName: `${fileName}.map`, source: JSON.stringify({ ...map, sources }) })
      }
      return `export default ${JSON.stringify(`/${fileName}`)}`
    },
  }
}
