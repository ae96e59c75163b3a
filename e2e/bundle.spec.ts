import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from './support/test'

const assets = join(process.env.BUILD_OUTPUT_DIR ?? '.output', 'public', 'assets')

/** Names that only server code uses: if one shows up in a browser chunk, server code leaked into it. */
const serverOnlyMarkers = [
  'SUPABASE_ANON_KEY',
  'SUPABASE_SERVICE_ROLE_KEY',
  'service_role',
  'SMTP_URL',
  'smtp://',
  'smtps://',
  'ASSISTANT_LLM_KEY',
  'ASSISTANT_LLM_URL',
  'IP_HASH_SALT',
  'QUOTE_NOTIFY_EMAIL',
  'pglite',
  'PGlite',
  'nodemailer',
  'createTransport',
  'quote_requests',
  'quote_outbox',
]

test('no browser chunk carries server secrets or server-only modules', () => {
  const chunks = readdirSync(assets).filter((name) => name.endsWith('.js'))
  expect(chunks.length).toBeGreaterThan(5)
  const leaks: string[] = []
  for (const name of chunks) {
    const code = readFileSync(join(assets, name), 'utf8')
    for (const marker of serverOnlyMarkers) if (code.includes(marker)) leaks.push(`${name}: ${marker}`)
  }
  expect(leaks).toEqual([])
})
