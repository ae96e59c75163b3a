// npm run video -- <url> [mime] [--services] | --clear [--services]: the featured video of the home page (or of
// /services), through the running site or the database itself. The Content-Security-Policy allows a new video
// host within 5 minutes (the featured video's cache). docs/operations.md.
import { runtimeConfig } from '../app/platform/config.server'
import { LeadRequestError } from '../app/features/owner/leads.server'
import { runOwnerCommand, runOwnerCommandOn } from './owner-command'

const USAGE = `Usage: npm run video -- <https://… or /path under public/> [video/mp4] [--services]
       npm run video -- --clear [--services]`

const options = { services: { type: 'boolean' }, clear: { type: 'boolean', default: false } } as const

runOwnerCommand(USAGE, options, async ({ values, positionals: [url, mime] }) => {
  if (values.clear === Boolean(url)) throw new LeadRequestError('name a video address, or --clear')
  const table = values.services ? 'service_videos' : 'pressure_washing_videos'
  await runOwnerCommandOn(runtimeConfig(), 'video', { table, url: values.clear ? '' : url, mime })
  console.error(values.clear ? `Cleared the featured video of ${table}.` : `Featured video of ${table} is now ${url}.`)
  return 0
})
