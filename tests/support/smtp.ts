// A real SMTP server on 127.0.0.1 for the Vitest tests and the e2e specs alike: what the site sends, parsed.
import type { AddressInfo } from 'node:net'
import { simpleParser, type ParsedMail } from 'mailparser'
import { SMTPServer } from 'smtp-server'

export interface ReceivedMail {
  mail: ParsedMail
  rcptTo: string[]
  mailFrom: string | undefined
}

export type TestSmtp = Awaited<ReturnType<typeof startSmtp>>

/**
 * A real SMTP server on 127.0.0.1 that parses every accepted message.
 * `rejectEvery`: reject every Nth DATA with a temporary error (to exercise retries).
 */
export async function startSmtp(
  // holdMessage: the n-th message (from 1) is read but never answered, as if the sender died waiting.
  options: { port?: number; rejectEvery?: number; holdMessage?: number } = {},
) {
  const received: ReceivedMail[] = []
  const held: ParsedMail[] = []
  let dataCount = 0
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    disableReverseLookup: true,
    closeTimeout: 1000, // don't wait long for idle pooled client connections on close
    logger: false,
    onData(stream, session, callback) {
      dataCount++
      const reject = options.rejectEvery ? dataCount % options.rejectEvery === 0 : false
      const hold = dataCount === options.holdMessage
      simpleParser(stream)
        .then((mail) => {
          if (hold) {
            held.push(mail)
            return
          }
          if (reject) {
            const error = new Error('Temporary failure, try again later') as Error & { responseCode: number }
            error.responseCode = 451
            callback(error)
            return
          }
          received.push({
            mail,
            rcptTo: session.envelope.rcptTo.map((r) => r.address),
            mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          })
          callback()
        })
        .catch((error: Error) => callback(error))
    },
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve())
  })
  const port = (server.server.address() as AddressInfo).port
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    held,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
