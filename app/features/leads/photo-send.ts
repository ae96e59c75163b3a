// Multipart upload with progress, shared by the lead photos and the owner's posted work.

export interface SendOptions {
  /** 0: no timeout. */
  timeoutMs?: number
  /** Sent before the body, so the server can refuse before it reads the photos (decision 051). */
  headers?: Record<string, string>
}

// XMLHttpRequest: fetch() reports no upload progress.
/** The server's JSON answer, or null when the connection dropped, timed out or the answer was not one. */
export function sendWithProgress<T extends { success: boolean }>(
  path: string,
  form: FormData,
  onProgress: (share: number) => void,
  { timeoutMs = 0, headers = {} }: SendOptions = {},
): Promise<T | null> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest()
    request.open('POST', path)
    request.setRequestHeader('Accept', 'application/json')
    for (const [name, value] of Object.entries(headers)) request.setRequestHeader(name, value)
    request.responseType = 'json'
    request.timeout = timeoutMs
    request.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total)
    request.onload = () => {
      const body = request.response as unknown
      resolve(body && typeof body === 'object' && 'success' in body ? (body as T) : null)
    }
    request.onerror = () => resolve(null)
    request.ontimeout = () => resolve(null)
    request.onabort = () => resolve(null)
    request.send(form)
  })
}
