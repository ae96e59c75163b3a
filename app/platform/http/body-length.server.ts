// A body is read only once its declared length fits. One of no declared length (chunked) is refused 411 rather than
// read up to a cap: browsers, Stripe and mail clients' one-click posts all declare theirs, so no sender is lost.

/** 411 for a body of no declared length, 413 for one over `maxBytes`; null when its declared length fits. */
export function bodyLengthRefusal(request: Request, maxBytes: number): { status: 411 | 413; error: string } | null {
  const declared = request.headers.get('content-length')
  if (declared === null) return { status: 411, error: 'Content-Length required' }
  return /^\d+$/.test(declared) && Number(declared) <= maxBytes ? null : { status: 413, error: 'Request too large' }
}
