// Bundled at build: a deployed server has no source tree.
import type { Migration } from './embedded-database.server'
import seedSqlText from '../../../supabase/seed.sql?raw'

const bundledMigrationFiles = import.meta.glob<string>('../../../supabase/migrations/*.sql', {
  query: '?raw',
  import: 'default',
  eager: true,
})

export const bundledMigrations: Migration[] = Object.entries(bundledMigrationFiles)
  .map(([path, sql]) => ({ name: path.slice(path.lastIndexOf('/') + 1), sql }))
  .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))

export const bundledSeedSql: string = seedSqlText
