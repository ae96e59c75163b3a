// supabase/migrations/ and seed.sql: bundled at build, since a deployed server has no source tree; read from the
// source tree when tsx runs a command or a script, where import.meta.glob does not exist.
import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Migration } from './migrations.server'

function fromSourceTree(): Record<string, string> {
  const folder = fileURLToPath(new URL('../../../supabase/', import.meta.url))
  const names = ['seed.sql', ...readdirSync(`${folder}migrations`).map((name) => `migrations/${name}`)]
  return Object.fromEntries(names.map((name) => [name, readFileSync(folder + name, 'utf8')]))
}

const files: Record<string, string> = import.meta.env
  ? import.meta.glob<string>(['../../../supabase/migrations/*.sql', '../../../supabase/seed.sql'], {
      query: '?raw',
      import: 'default',
      eager: true,
    })
  : fromSourceTree()

const sqlFiles = Object.entries(files).filter(([path]) => path.endsWith('.sql'))

export const schemaFiles: { migrations: Migration[]; seedSql: string } = {
  migrations: sqlFiles
    .filter(([path]) => path.includes('migrations/'))
    .map(([path, sql]) => ({ name: path.slice(path.lastIndexOf('/') + 1), sql }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)),
  seedSql: sqlFiles.find(([path]) => path.endsWith('/seed.sql') || path === 'seed.sql')?.[1] ?? '',
}
