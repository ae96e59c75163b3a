/**
 * The lists the schema's CHECKs spell out are those of app/content/ and the code beside it: a service, town,
 * category or answer added on one side only fails here, not on a visitor's write. A job's hours are the site's.
 */
import { sql } from 'kysely'
import { expect, test } from 'vitest'
import { citySlugs } from '../../app/content/service-areas'
import { site } from '../../app/content/site'
import { galleryCategories, serviceIds } from '../../app/content/types'
import { HEARD_ABOUT_LABELS, LEAD_CHANNEL_LABELS } from '../../app/features/leads/lead-source-constants'
import { PREFERRED_TIMES } from '../../app/features/leads/lead-form-constants'
import { LEAD_STATUSES } from '../../app/features/owner/leads.server'
import { useTestSites } from './helpers'

const testSite = useTestSites()
const sorted = (list: readonly string[]) => [...list].sort()

test("the schema's lists and a job's hours are those of app/content/", { timeout: 120_000 }, async () => {
  const { db } = await testSite()
  const { rows } = await sql<{ relation: string; definition: string }>`
    SELECT conrelid::regclass::text AS relation, pg_get_constraintdef(oid) AS definition FROM pg_constraint
     WHERE contype = 'c' AND connamespace = 'public'::regnamespace`.execute(db)
  // `column IN ('a', 'b')` as PostgreSQL keeps it: CHECK ((column = ANY (ARRAY['a'::text, 'b'::text]))).
  const lists = Object.fromEntries(
    rows.flatMap(({ relation, definition }) => {
      const [, column, values] = /^CHECK \(\((\w+) = ANY \(ARRAY\[(.*)\]\)\)\)$/.exec(definition) ?? []
      return column
        ? [[`${relation}.${column}`, sorted([...values!.matchAll(/'([^']*)'::text/g)].map((m) => m[1]!))]]
        : []
    }),
  )
  expect(lists).toMatchObject({
    'price_list.service_id': sorted(serviceIds),
    'posted_work.category': sorted(galleryCategories),
    'posted_work.city_slug': sorted(citySlugs),
    'leads.status': sorted(LEAD_STATUSES),
    'leads.heard_about': sorted(Object.keys(HEARD_ABOUT_LABELS)),
    'leads.source_channel': sorted(Object.keys(LEAD_CHANNEL_LABELS)),
    'leads.preferred_time': sorted(PREFERRED_TIMES),
  })
  const hours = rows.find((row) => row.relation === 'jobs' && row.definition.includes('arrival_start >='))
  expect(hours?.definition).toContain(`(arrival_start >= '${site.hours.opens}:00'::time without time zone)`)
  expect(hours?.definition).toContain(`(arrival_end <= '${site.hours.closes}:00'::time without time zone)`)
})
