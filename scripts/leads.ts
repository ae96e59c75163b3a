// npm run leads [-- --json] [--since 7d] [--status new]: the owner's leads as CSV (or JSON), newest first.
// npm run leads -- status <id> <status>: mark a lead (contacted, quoted, won, lost, archived, …).
// npm run leads -- delete <id>: delete a lead, its pending e-mails and its photos (a customer's request).
// npm run leads -- conversions [--since 2026-01-01]: won ad clicks as Google Ads' import file, on stdout.
// Works while the site runs (through its socket in DATA_DIR) and while it is stopped; docs/operations.md.
import { runtimeConfig } from '../app/platform/config.server'
import { LeadRequestError, LEAD_STATUSES, leadsCsv } from '../app/features/owner/leads.server'
import { conversionsCsv } from '../app/features/owner/conversions.server'
import { runOwnerCommandOn, runOwnerCommand } from './owner-command'

const USAGE = `Usage: npm run leads [-- --json] [--since 7d|24h|2026-11-01] [--status new]
       npm run leads -- status <lead id> <${LEAD_STATUSES.join('|')}>
       npm run leads -- delete <lead id>
       npm run leads -- conversions [--since 2026-01-01] > won-ad-clicks.csv`

const options = { json: { type: 'boolean' }, since: { type: 'string' }, status: { type: 'string' } } as const

runOwnerCommand(USAGE, options, async ({ values, positionals }) => {
  const [command, id, status] = positionals
  if (command !== undefined && command !== 'status' && command !== 'delete' && command !== 'conversions')
    throw new LeadRequestError(`unknown command "${command}"`)
  // Each command checks its own arguments where it runs (owner-commands.server.ts): a wrong one is a refusal.
  const config = runtimeConfig()
  if (command === 'conversions') {
    const won = await runOwnerCommandOn(config, 'conversions', { since: values.since })
    process.stdout.write(conversionsCsv(won, config.owner.conversionName))
    return 0
  }
  if (command === 'delete' || command === 'status') {
    if (!(await runOwnerCommandOn(config, command, { id, status }))) {
      console.error(`No lead with id ${id}.`)
      return 1
    }
    const done = command === 'delete' ? 'deleted, with its pending e-mails and its photos' : `now ${status}`
    console.error(`Lead ${id} is ${done}.`)
    return 0
  }
  const leads = await runOwnerCommandOn(config, 'list', { since: values.since, status: values.status })
  process.stdout.write(values.json ? `${JSON.stringify(leads, null, 2)}\n` : leadsCsv(leads))
  return 0
})
