// npm run bench:sign-in — does the answer to "e-mail me a sign-in link" tell the owner's address apart? Times
// ROUNDS requests for the owner's address and ROUNDS for others, interleaved, each from its own client
// (TRUST_PROXY=loopback), to the response's headers; embedded mode. Docs: docs/decisions/041-owner-sessions.md.
import { postForm } from '../../e2e/support/lead-form'
import { OWNER, ownerEnv } from '../../e2e/support/owner'
import { median, report, startProductionServer } from './common'

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20)

const server = await startProductionServer(ownerEnv({ TRUST_PROXY: 'loopback' }))

async function ask(client: number, email: string): Promise<number> {
  const forwardedFor = `10.${client >> 16}.${(client >> 8) & 255}.${client & 255}`
  const started = performance.now()
  const answer = await postForm(server.url, '/owner/sign-in', { email }, { 'X-Forwarded-For': forwardedFor })
  const elapsed = performance.now() - started
  await answer.arrayBuffer()
  if (answer.status !== 303) throw new Error(`expected 303, got ${answer.status}`)
  return elapsed
}

try {
  for (let i = 0; i < 5; i++) await ask(60_000 + i, `warm-${i}@example.com`) // JIT and the database's first calls
  const owner: number[] = []
  const other: number[] = []
  for (let i = 0; i < ROUNDS; i++) {
    // Alternating which goes first, so neither gets the other's warm-up.
    const pair = [
      { times: owner, email: OWNER },
      { times: other, email: `someone-${i}@example.com` },
    ]
    if (i % 2) pair.reverse()
    for (const [n, { times, email }] of pair.entries()) times.push(await ask(2 * i + n, email))
  }
  const row = (address: string, times: number[]) => ({
    address,
    requests: times.length,
    'median ms': median(times).toFixed(1),
    'max ms': Math.max(...times).toFixed(1),
  })
  report('sign-in', [row("owner's", owner), row('another', other)])
  console.log(`difference of medians: ${Math.abs(median(owner) - median(other)).toFixed(1)} ms`)
} finally {
  await server.stop()
}
