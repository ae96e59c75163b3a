// Node accepts one new connection per event-loop turn, so a turn that serves every waiting post
// keeps new visitors out for seconds in a burst: docs/decisions/034-short-turns-under-a-burst.md.
const waiting: Array<() => void> = []
let head = 0
let scheduled = false

function admitOne(): void {
  waiting[head++]!()
  if (head < waiting.length) {
    setImmediate(admitOne)
    return
  }
  waiting.length = 0
  head = 0
  scheduled = false
}

/** Resolves in a later turn, first come first served, one request per turn. */
export function waitForTurn(): Promise<void> {
  return new Promise((resolve) => {
    waiting.push(resolve)
    if (scheduled) return
    scheduled = true
    setImmediate(admitOne)
  })
}
