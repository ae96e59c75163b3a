// Local stand-ins for the services the site calls and that cannot be reached here (Google Places, a language
// model): each test sets what they answer, and reads what they were asked.
import { createServer, type IncomingMessage } from 'node:http'
import { freePort } from '../../tests/support/free-port'

export interface StubReply {
  status?: number
  body?: unknown
  /** Close the connection without answering (a network failure). */
  hangUp?: boolean
  /** Answer only once this settles (a service the test lets finish). */
  until?: Promise<unknown>
}

export interface RecordedRequest {
  method: string
  path: string
  headers: IncomingMessage['headers']
  body: unknown
}

export interface HttpStub {
  url: string
  /** What every request is answered with; a test may change it. */
  reply: StubReply
  requests: RecordedRequest[]
  stop: () => Promise<void>
}

export async function startHttpStub(reply: StubReply = {}): Promise<HttpStub> {
  const requests: RecordedRequest[] = []
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const raw = Buffer.concat(chunks).toString('utf8')
    requests.push({
      method: req.method ?? 'GET',
      path: req.url ?? '/',
      headers: req.headers,
      body: raw && JSON.parse(raw),
    })
    const { status = 200, body, hangUp, until } = stub.reply
    await until
    if (hangUp) return req.socket.destroy()
    res.writeHead(status, { 'Content-Type': 'application/json' })
    res.end(body === undefined ? '' : JSON.stringify(body))
  })
  const port = await freePort()
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  const stub: HttpStub = {
    url: `http://127.0.0.1:${port}`,
    reply,
    requests,
    stop: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  }
  return stub
}

export interface ShownReview {
  author: string
  rating: number
  text: string
  /** YYYY-MM-DD */
  date: string
}

/** The reviews as Google's Places API (New) answers a place's details. */
export function placeAnswer(reviews: ShownReview[]): StubReply {
  return {
    body: {
      reviews: reviews.map((review, index) => ({
        name: `places/e2e/reviews/${index}`,
        rating: review.rating,
        text: { text: review.text },
        authorAttribution: { displayName: review.author },
        publishTime: `${review.date}T12:00:00Z`,
      })),
    },
  }
}

/** A site's settings that make it show Google's reviews, read from `places`. */
export const googleReviewsEnv = (places: HttpStub) => ({
  GOOGLE_PLACES_API_KEY: 'e2e-places-key',
  GOOGLE_PLACE_ID: 'e2e-place',
  GOOGLE_PLACES_API_BASE: places.url,
})
