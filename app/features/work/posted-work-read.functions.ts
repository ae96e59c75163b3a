import { createServerFn } from '@tanstack/react-start'
import * as v from 'valibot'
import { cacheableByBrowsers } from '../reviews/backend.functions'
import type { ShownWork } from './posted-work'
import { postedFor, type WorkPlace } from './shown-work'
import { citySlugs } from '~/content/service-areas'
import { serviceIds } from '~/content/types'
import { getBackend } from '~/platform/backend.server'
import { parse } from '~/platform/http/function-input.server'
import { readPublishedWork } from '~/platform/read-cache.server'
import { runtimeConfig } from '~/platform/config.server'
import { log } from '~/platform/log/logger.server'

const workPlaceSchema = v.variant('page', [
  v.object({ page: v.picklist(['gallery', 'home']) }),
  v.object({ page: v.literal('service'), service: v.picklist(serviceIds) }),
  v.object({ page: v.literal('city'), city: v.picklist(citySlugs) }),
]) satisfies v.GenericSchema<unknown, WorkPlace>

/** The owner's posted jobs one place shows (docs/decisions/049-posted-work.md); a failed read shows none. */
export const fetchShownWork = createServerFn({ method: 'GET' })
  .validator(parse(workPlaceSchema))
  .handler(async ({ data: place }): Promise<ShownWork> => {
    const { gallerySamples: samples, htmlCacheSeconds } = runtimeConfig()
    try {
      const posted = postedFor(place, await readPublishedWork(getBackend()))
      // As long as a stored page: a change reaches a visitor moving between pages no later than a new one.
      cacheableByBrowsers(htmlCacheSeconds)
      return { posted, samples }
    } catch (error) {
      log('posted-work').error({ err: error }, 'reading the posted work failed')
      return { posted: [], samples }
    }
  })
