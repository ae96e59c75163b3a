import { readFileSync } from 'node:fs'
import { expect, test } from 'vitest'
import { schemaTypesSource } from '../support/schema-types'
import { useTestSites } from './helpers'

const testSite = useTestSites()

test('the row types in schema.gen.ts are those of the migrated database (run npm run db:types after a migration)', async () => {
  const site = await testSite()
  const committed = readFileSync(new URL('../../app/platform/db/schema.gen.ts', import.meta.url), 'utf8')
  expect(await schemaTypesSource(site.db)).toBe(committed)
})
