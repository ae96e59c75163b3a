// A row its cause puts due again (a second photo upload, a new quote version) while the worker is still delivering
// the older payload: the worker must not mark the re-queued row sent, or the newer message is lost. The mail
// transport is a stand-in that holds one message until the test lets it go (mocked: a real SMTP server cannot
// be paused mid-message on cue).
import { randomBytes } from 'node:crypto'
import type { Transporter } from 'nodemailer'
import { describe, expect, it } from 'vitest'
import { recordPhotos } from '../../app/features/leads/lead-photos.server'
import { rowsOf, storeTestLead, useTestSites } from './helpers'

const testSite = useTestSites()

/** Records each subject; holds the first one matching `hold` until `release()`. */
function holdingTransport(hold: RegExp) {
  const subjects: string[] = []
  let entered!: () => void
  let release!: () => void
  const reached = new Promise<void>((resolve) => (entered = resolve))
  const gate = new Promise<void>((resolve) => (release = resolve))
  let held = false
  const transport = {
    async sendMail(message: { subject?: string }) {
      const subject = message.subject ?? ''
      if (!held && hold.test(subject)) {
        held = true
        entered()
        await gate
      }
      subjects.push(subject)
      return {}
    },
    close() {},
  } as unknown as Transporter
  return { transport, subjects, reached, release }
}

const photos = (names: string[]) => names.map((name) => ({ name: `${name.repeat(32)}.jpg`, size: 100 }))
const token = () => randomBytes(32).toString('hex')

describe('the outbox worker', { timeout: 60_000 }, () => {
  it('delivers a row again when its cause re-queued it during the delivery of the older payload', async () => {
    const mail = holdingTransport(/added/)
    const site = await testSite({ CUSTOMER_ACKNOWLEDGEMENT: 'off' }, { outbox: { transport: mail.transport } })
    const id = await storeTestLead(site, 'Ann')
    const outbox = site.outbox
    await outbox.drain()
    const db = site.db
    await recordPhotos(db, id, token(), photos(['a']), false, site.now())

    const running = outbox.runOnce()
    await mail.reached
    // The second upload arrives while "Ann added 1 photo" is on its way.
    await recordPhotos(db, id, token(), photos(['b', 'c']), false, site.now())
    mail.release()
    await running
    await outbox.drain()

    expect(mail.subjects.filter((subject) => subject.includes('added'))).toEqual([
      'Ann added 1 photo',
      'Ann added 3 photos',
    ])
    const row = await rowsOf(site, `SELECT sent_at IS NOT NULL AS sent FROM outbox WHERE key = 'photos'`)
    expect(row).toEqual([{ sent: true }])
  })
})
