// A request by node:http, for what fetch will not do: a Host header or a local address of the test's choosing
// (as a proxy sends), or a body the server may refuse before it is all sent.
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http'

export interface RawAnswer {
  status: number
  headers: IncomingHttpHeaders
  body: string
}

export function rawRequest(
  url: string | URL,
  { headers = {}, body, localAddress }: { headers?: Record<string, string>; body?: string; localAddress?: string } = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const length = body === undefined ? {} : { 'Content-Length': String(Buffer.byteLength(body)) }
    const method = body === undefined ? 'GET' : 'POST'
    const request = httpRequest(url, { method, localAddress, headers: { ...length, ...headers } }, (response) => {
      let text = ''
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => (text += chunk))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }))
    })
    request.on('error', reject)
    request.end(body)
  })
}
