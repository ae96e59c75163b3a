import { format } from 'node:util'
import { definePlugin } from 'nitro'
import { log, maskEmails } from './logger.server'

/** Libraries' output becomes JSON lines too. */
export default definePlugin(() => {
  if (import.meta.dev) return
  const lines = log('console')
  const write =
    (level: 'debug' | 'info' | 'warn' | 'error') =>
    (...args: unknown[]) =>
      lines[level](maskEmails(format(...args)))
  console.log = write('info')
  console.info = write('info')
  console.debug = write('debug')
  console.warn = write('warn')
  console.error = write('error')
})
