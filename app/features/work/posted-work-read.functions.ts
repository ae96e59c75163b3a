import { createServerFn, createServerOnlyFn } from '@tanstack/react-start'
import * as v from 'valibot'
import { cacheableByBrowsers } from '~/platform/http/function-cache.server'
import { POSTED_WORK_READ_LIMIT, type PostedWork, type ShownWork } from './posted-work'
import { publishedWork } from './posted-work.server'
import { postedFor, type WorkPlace } from './shown-work'
import { citySlugs } from '~/content/service-areas'
import { serviceIds } from '~/content/types'
import { db } from '~/platform/db/db.server'
import { readCache } from '~/platform/db/read-cache.server'
import { parse } from '~/platform/http/function-input.server'
import { runtimeConfig } from '~/platform/config.server'
import { log } from '~/platform/log/logger.server'

const workPlaceSchema = v.variant('page', [
  v.object({ page: v.picklist(['gallery', 'home']) }),
  v.object({ page: v.literal('service'), service: v.picklist(serviceIds) }),
  v.object({ page: v.literal('city'), city: v.picklist(citySlugs) }),
]) satisfies v.GenericSchema<unknown, WorkPlace>

// Made on the server's first read: the browser's copy of this file has no database.
let publishedWorkRead: (() => Promise<PostedWork[]>) | undefined

/**
 * Never kept, only shared by the renders asking at once: the stored pages are this read's cache, and an answer
 * kept here would add its age to theirs, so a posted, hidden or deleted job would take longer than
 * HTML_CACHE_SECONDS to show on every page of every instance.
 */
const readPublishedWork = createServerOnlyFn(() =>
  (publishedWorkRead ??= readCache(() => publishedWork(db, POSTED_WORK_READ_LIMIT), 0, 0))(),
)

/** The owner's posted jobs one place shows (docs/decisions/049-posted-work.md); a failed read shows none. */
export const fetchShownWork = createServerFn({ method: 'GET' })
  .validator(parse(workPlaceSchema))
  .handler(async ({ data: place }): Promise<ShownWork> => {
    const { gallerySamples: samples, htmlCacheSeconds } = runtimeConfig()
    try {
      const posted = postedFor(place, await readPublishedWork())
      // As long as a stored page: a change reaches a visitor moving between pages no later than a new one.
      cacheableByBrowsers(htmlCacheSeconds)
      return { posted, samples }
    } catch (error) {
      log('posted-work').error({ err: error }, 'reading the posted work failed')
      return { posted: [], samples }
    }
  })
