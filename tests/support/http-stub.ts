// A local HTTP server standing in for a service the site calls and that cannot be reached here (Google Places, a
// language model, a webhook receiver, a push service), for the Vitest tests and the e2e specs alike: each test sets
// what it answers, and reads what it was asked.
import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface StubReply {
  status?: number
  headers?: Record<string, string>
  /** Sent as JSON. */
  body?: unknown
  /** Sent as it is, instead of `body`. */
  text?: string
  /** Close the connection without answering (a network failure). */
  hangUp?: boolean
  /** Answer only once this settles (a service the test lets finish). */
  until?: Promise<unknown>
}

export interface RecordedRequest {
  method: string
  path: string
  headers: IncomingMessage['headers']
  /** The body as it came. */
  text: string
  /** The body read as JSON: '' when empty, the text itself when it is not JSON. */
  body: unknown
  /** The status it was answered with; none while held, or when the connection was closed. */
  answered?: number
}

/** What every request is answered with, or what answers the n-th request (from 0). */
export type StubReplies = StubReply | ((request: RecordedRequest, index: number) => StubReply | Promise<StubReply>)

export type HttpStub = Awaited<ReturnType<typeof startHttpStub>>

function readJson(text: string): unknown {
  try {
    return text && JSON.parse(text)
  } catch {
    return text
  }
}

export async function startHttpStub(reply: StubReplies = {}) {
  const requests: RecordedRequest[] = []
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const text = Buffer.concat(chunks).toString('utf8')
    const request: RecordedRequest = {
      method: req.method ?? 'GET',
      path: req.url ?? '/',
      headers: req.headers,
      text,
      body: readJson(text),
    }
    requests.push(request)
    const answer = typeof stub.reply === 'function' ? await stub.reply(request, requests.length - 1) : stub.reply
    const { status = 200, headers, body, hangUp, until } = answer
    await until
    if (hangUp) return req.socket.destroy()
    request.answered = status
    res.writeHead(status, { 'Content-Type': 'application/json', ...headers })
    res.end(answer.text ?? (body === undefined ? '' : JSON.stringify(body)))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const stub = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /** A test may change it. */
    reply,
    requests,
    stop: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  }
  return stub
}
