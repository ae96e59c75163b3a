// A request by node:http, for what fetch will not do: a Host header or a local address of the test's choosing
// (as a proxy sends), a body the server may refuse before it is all sent, or a path sent exactly as written
// (fetch reads `//evil.com/` as another host).
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http'

export interface RawAnswer {
  status: number
  headers: IncomingHttpHeaders
  body: string
}

type RawOptions = { headers?: Record<string, string>; body?: string; localAddress?: string; path?: string }

export function rawRequest(
  url: string | URL,
  { headers = {}, body, localAddress, path }: RawOptions = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const length = body === undefined ? {} : { 'Content-Length': String(Buffer.byteLength(body)) }
    const method = body === undefined ? 'GET' : 'POST'
    const options = { method, localAddress, headers: { ...length, ...headers }, ...(path && { path }) }
    const request = httpRequest(url, options, (response) => {
      let text = ''
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => (text += chunk))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }))
    })
    request.on('error', reject)
    request.end(body)
  })
}
