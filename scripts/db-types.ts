// `npm run db:types`: migrates a scratch PGlite database and writes app/platform/db/schema.gen.ts from it.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDatabase } from '../app/platform/db/database.server'
import { schemaTypesSource } from '../tests/support/schema-types'

const dataDir = mkdtempSync(join(tmpdir(), 'db-types-'))
try {
  const db = await openDatabase({ dataDir })
  try {
    const target = new URL('../app/platform/db/schema.gen.ts', import.meta.url)
    writeFileSync(target, await schemaTypesSource(db))
    console.log(`wrote ${target.pathname}`)
  } finally {
    await db.close()
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true })
}
