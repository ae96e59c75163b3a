// A row queued while the worker's loop works out its next turn: the loop had already read the next due time, and
// the kick for the new row arrived before the loop ended. The race is forced by a hook after the next-due query
// (mocked: nothing else can stop the loop inside that window on cue); the database, worker and mail are real.
import type { Transporter } from 'nodemailer'
import { describe, expect, it, vi } from 'vitest'
import type * as Claim from '../../app/platform/outbox/claim.server'
import { storeTestLead, useTestSites } from './helpers'

const hook: { afterNextDue?: () => Promise<void> } = {}

vi.mock('../../app/platform/outbox/claim.server', async (importOriginal) => {
  const actual = await importOriginal<typeof Claim>()
  return {
    ...actual,
    nextDue: async (...args: Parameters<typeof actual.nextDue>) => {
      const due = await actual.nextDue(...args)
      const run = hook.afterNextDue
      hook.afterNextDue = undefined
      await run?.()
      return due
    },
  }
})

const testSite = useTestSites()

describe('the outbox worker', { timeout: 60_000 }, () => {
  it('runs again right after a turn during which it was kicked, not a poll interval later (the race forced by a hook)', async () => {
    const subjects: string[] = []
    const transport = {
      async sendMail(message: { subject?: string }) {
        subjects.push(message.subject ?? '')
        return {}
      },
      close() {},
    } as unknown as Transporter
    const site = await testSite(
      { CUSTOMER_ACKNOWLEDGEMENT: 'off' },
      { startWorker: true, outbox: { transport, pollIntervalMs: 60_000 } },
    )
    await storeTestLead(site, 'Ann')
    await expect.poll(() => subjects.some((subject) => subject.includes('Ann'))).toBe(true)

    const outbox = site.outbox
    hook.afterNextDue = async () => {
      await storeTestLead(site, 'Bea')
      outbox.kick()
    }
    outbox.kick()
    // A minute's poll would pass first if the kick were dropped.
    await expect.poll(() => subjects.some((subject) => subject.includes('Bea')), { timeout: 10_000 }).toBe(true)
  })
})
