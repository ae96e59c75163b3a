import { readFileSync } from 'node:fs'
import { expect, test } from 'vitest'
import { schemaTypesSource } from '../support/schema-types'
import { useTestBackends } from './helpers'

const testBackend = useTestBackends()

test('the row types in schema.gen.ts are those of the migrated database (run npm run db:types after a migration)', async () => {
  const backend = await testBackend()
  const committed = readFileSync(new URL('../../app/platform/db/schema.gen.ts', import.meta.url), 'utf8')
  expect(await schemaTypesSource(await backend.db())).toBe(committed)
})
