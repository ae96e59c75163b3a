import { readFile } from 'node:fs/promises'
import { minify, type Plugin } from 'vite'

const query = '?inline-script'

/** `import source from './file.js?inline-script'`: the file minified, as a string to write into an inline <script>. */
export function inlineScript(): Plugin {
  return {
    name: 'inline-script',
    enforce: 'pre',
    async load(id) {
      if (!id.endsWith(query)) return null
      const file = id.slice(0, -query.length)
      this.addWatchFile(file)
      const { code } = await minify(file, await readFile(file, 'utf8'))
      // The page appends the call's arguments, so the expression must not end in a semicolon.
      return `export default ${JSON.stringify(code.trim().replace(/;$/, ''))}`
    },
  }
}
