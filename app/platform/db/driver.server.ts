// Apart from database.server.ts, which opens the drivers: each driver names this type without importing its opener.
import type { PostgresPool } from 'kysely'

/** A driver's connections as Kysely's Postgres dialect takes them, and what only the driver can do. */
export interface Driver {
  /** Ended once: by Kysely's destroy (once per open), or by database.server.ts when its migration fails. */
  pool: PostgresPool
  /** `npm run backup`'s copy of the database, gzipped; on PostgreSQL it says to use the server's own backups. */
  dump(): Promise<Uint8Array>
}
