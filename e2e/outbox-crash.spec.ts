// The production server killed mid-send: a new process takes the lock and sends what was claimed once, in order;
// tests/server/lead-pipeline.test.ts holds the same rule within one process.
import { startSmtp } from '../tests/support/smtp'
import { contact, postPlainLead, SENT_LOCATION } from './support/lead-form'
import { siteDataEnv, startSiteServer } from './support/site-server'
import { expect, test } from './support/test'

// Real processes killed with SIGKILL, a real SMTP server: docs/decisions/019-outbox-sent-journal.md.

async function postLead(url: string, name: string) {
  const response = await postPlainLead(url, contact(name))
  expect(response.headers.get('location')).toMatch(SENT_LOCATION)
}

test('a server killed while sending: the restarted one sends what it had claimed at once, and nothing twice', async () => {
  // It takes the second message in and never answers it.
  const mailbox = await startSmtp({ holdMessage: 2 })
  const subjects = () => mailbox.received.map((message) => message.mail.subject)
  // Only the owner's e-mails on this wire: the customer's acknowledgement is counted in its own tests.
  const first = await startSiteServer({ SMTP_URL: mailbox.url, CUSTOMER_ACKNOWLEDGEMENT: 'off' })
  try {
    await postLead(first.url, 'Delivered')
    await expect.poll(subjects, { timeout: 15_000 }).toEqual(['New quote request from Delivered'])

    // The next e-mail is on the wire, unanswered, when the process dies.
    await postLead(first.url, 'Inflight')
    await expect.poll(() => mailbox.held.length, { timeout: 15_000 }).toBe(1)
    await first.kill()

    // Its claim would last two minutes; the new server (it waits for the dead one's lock) takes it over at once.
    const restarted = await startSiteServer({
      SMTP_URL: mailbox.url,
      ...siteDataEnv(first),
      CUSTOMER_ACKNOWLEDGEMENT: 'off',
    })
    await expect
      .poll(subjects, { timeout: 30_000 })
      .toEqual(['New quote request from Delivered', 'New quote request from Inflight'])

    // The outbox sends in order: once a later lead is in, nothing older is still coming.
    await postLead(restarted.url, 'Later')
    await expect.poll(() => subjects().length, { timeout: 15_000 }).toBe(3)
    expect(subjects()).toEqual([
      'New quote request from Delivered',
      'New quote request from Inflight',
      'New quote request from Later',
    ])
  } finally {
    // The servers started here stop as the test ends (e2e/support/test.ts).
    await mailbox.close()
  }
})
