// Bundled at build: a deployed server has no source tree.
import { byName, type Migration } from './migrations.server'
import seedSqlText from '../../../supabase/seed.sql?raw'

const files = import.meta.glob<string>('../../../supabase/migrations/*.sql', {
  query: '?raw',
  import: 'default',
  eager: true,
})

export const bundledMigrations: Migration[] = byName(
  Object.entries(files).map(([path, sql]) => ({ name: path.slice(path.lastIndexOf('/') + 1), sql })),
)

export const bundledSeedSql: string = seedSqlText
