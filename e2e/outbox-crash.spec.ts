// The production server killed mid-send: a new process takes the lock and sends what was claimed once, in order;
// tests/server/lead-pipeline.test.ts holds the same rule within one process.
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { contact, postPlainQuote, SENT_LOCATION } from './support/quote-form'
import { siteDataEnv, startSiteServer } from './support/site-server'
import { expect, test } from './support/test'

// Real processes killed with SIGKILL, a real SMTP server: docs/decisions/019-outbox-sent-journal.md.

/** Accepts messages until `hang` is set; then takes each message in and never answers it. */
async function startMailbox() {
  const subjects: string[] = []
  let hanging = 0
  const state = { hang: false }
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    closeTimeout: 500,
    onData(stream, _session, callback) {
      let text = ''
      stream.on('data', (chunk: Buffer) => (text += chunk))
      stream.on('end', () => {
        if (state.hang) {
          hanging++
          return
        }
        subjects.push(text.match(/^Subject: (.*)$/m)?.[1] ?? '')
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.server.address() as AddressInfo).port
  return {
    url: `smtp://127.0.0.1:${port}`,
    subjects,
    state,
    hanging: () => hanging,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

async function postLead(url: string, name: string) {
  const response = await postPlainQuote(url, contact(name))
  expect(response.headers.get('location')).toMatch(SENT_LOCATION)
}

test('a server killed while sending: the restarted one sends what it had claimed at once, and nothing twice', async () => {
  const mailbox = await startMailbox()
  // Only the owner's e-mails on this wire: the customer's acknowledgement is counted in its own tests.
  const first = await startSiteServer({ SMTP_URL: mailbox.url, CUSTOMER_ACKNOWLEDGEMENT: 'off' })
  const restarted = { server: undefined as Awaited<ReturnType<typeof startSiteServer>> | undefined }
  try {
    await postLead(first.url, 'Delivered')
    await expect.poll(() => mailbox.subjects, { timeout: 15_000 }).toEqual(['New quote request from Delivered'])

    // The next e-mail is on the wire, unanswered, when the process dies.
    mailbox.state.hang = true
    await postLead(first.url, 'Inflight')
    await expect.poll(() => mailbox.hanging(), { timeout: 15_000 }).toBe(1)
    await first.kill()
    mailbox.state.hang = false

    // Its claim would last two minutes; the new server (it waits for the dead one's lock) takes it over at once.
    restarted.server = await startSiteServer({
      SMTP_URL: mailbox.url,
      ...siteDataEnv(first),
      CUSTOMER_ACKNOWLEDGEMENT: 'off',
    })
    await expect
      .poll(() => mailbox.subjects, { timeout: 30_000 })
      .toEqual(['New quote request from Delivered', 'New quote request from Inflight'])

    // The outbox sends in order: once a later lead is in, nothing older is still coming.
    await postLead(restarted.server.url, 'Later')
    await expect.poll(() => mailbox.subjects.length, { timeout: 15_000 }).toBe(3)
    expect(mailbox.subjects).toEqual([
      'New quote request from Delivered',
      'New quote request from Inflight',
      'New quote request from Later',
    ])
  } finally {
    await first.kill()
    await restarted.server?.stop()
    await mailbox.close()
  }
})
