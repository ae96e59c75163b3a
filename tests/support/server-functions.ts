// The server functions of the build (.output), as its server finds them: Start's manifest maps each id to
// `<name>_createServerFn_handler`. Read from the build, so a function added since is in it.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { SITE_ENTRY } from './site-process'

/** Each function's id, by its name. */
export function builtServerFunctions(): Map<string, string> {
  const dir = join(SITE_ENTRY, '..')
  const found = new Map<string, string>()
  for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.mjs')) continue
    const text = readFileSync(join(dir, file), 'utf8')
    for (const [, id, name] of text.matchAll(
      /["']([\w-]+)["']:\s*\{\s*functionName:\s*["'](\w+)_createServerFn_handler/g,
    ))
      found.set(name!, id!)
  }
  return found
}
