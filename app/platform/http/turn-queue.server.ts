// Node accepts one new connection per event-loop turn, so a turn that serves every waiting post
// keeps new visitors out for seconds in a burst: docs/decisions/034-short-turns-under-a-burst.md.

let last: Promise<void> = Promise.resolve()

/** Resolves in a later turn, first come first served, one request per turn. */
export function waitForTurn(): Promise<void> {
  last = last.then(() => new Promise<void>((resolve) => setImmediate(resolve)))
  return last
}
