// The process's database (docs/decisions/050-one-runtime.md, 061): one Kysely handle, opened and migrated by its
// first query from the configuration, used by server functions, routes and the entry. Feature code takes it (or a
// transaction) as its first argument; tests hand their own to the site's code with useDatabase().
import { dataDirOf, runtimeConfig } from '../config.server'
import { Database } from './database.server'

export let db: Database = new Database(() => ({ dataDir: dataDirOf(), databaseUrl: runtimeConfig().databaseUrl }))

/** Makes `next` the site's database until the returned function puts the previous one back. */
export function useDatabase(next: Database): () => void {
  const previous = db
  db = next
  return () => void (db = previous)
}
