/**
 * Owner sessions and sign-in limits as the migrations' SQL functions decide them (docs/decisions/041), on a
 * real PGlite called the way the site calls it: as anon, or with the embedded owner's claims.
 */
import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { SITE_CALLER, type Backend } from '../../app/server/backend/backend.server'
import { createEmbeddedBackend, type EmbeddedBackend } from '../../app/server/backend/embedded.server'
import { embeddedOwnerId } from '../../app/server/backend/embedded-owner.server'
import { parseRuntimeConfig } from '../../app/server/config.server'
import { hashToken } from '../../app/server/owner/sign-in.server'
import { useCleanup, useTempDirs } from './helpers'

const tempDir = useTempDirs()
const cleanup = useCleanup()
const OWNER = 'owner@example.com'

async function open(ownerEmail = OWNER, dataDir?: string): Promise<EmbeddedBackend> {
  const backend = createEmbeddedBackend({
    config: parseRuntimeConfig({ OWNER_EMAIL: ownerEmail }),
    dataDir: dataDir ?? (await tempDir()),
  })
  cleanup.push(() => backend.close())
  return backend
}

const owner = (email = OWNER) => ({ as: 'owner', userId: embeddedOwnerId(email) }) as const

async function start(backend: Backend, email = OWNER): Promise<string> {
  const hash = hashToken(randomBytes(32).toString('base64url'))
  await backend.callSql('owner_session_start', { p_secret_hash: hash, p_auth_tokens: null }, owner(email), 'value')
  return hash
}

const use = (backend: Backend, hash: string) =>
  backend.callSql<{ user_id: string }[]>('owner_session_use', { p_secret_hash: hash }, SITE_CALLER, 'rows')

const end = (backend: Backend, hash: string, everywhere = false) =>
  backend.callSql<{ ended: number }[]>(
    'owner_session_end',
    { p_secret_hash: hash, p_everywhere: everywhere },
    SITE_CALLER,
    'rows',
  )

describe('owner sessions', { timeout: 120_000 }, () => {
  it('a session lives until signed out; sign-out everywhere ends the others too', async () => {
    const backend = await open()
    const phone = await start(backend)
    const laptop = await start(backend)
    const tablet = await start(backend)
    expect(await use(backend, phone)).toEqual([expect.objectContaining({ user_id: embeddedOwnerId(OWNER) })])

    expect(await end(backend, phone)).toEqual([expect.objectContaining({ ended: 1 })])
    expect(await use(backend, phone)).toEqual([])
    expect(await use(backend, laptop)).toHaveLength(1)
    expect(await end(backend, phone)).toEqual([]) // already over

    expect(await end(backend, laptop, true)).toEqual([expect.objectContaining({ ended: 2 })])
    expect(await use(backend, laptop)).toEqual([])
    expect(await use(backend, tablet)).toEqual([])
  })

  it('ends after 30 idle days and 90 days after sign-in, however often used', async () => {
    const backend = await open()
    const idle = await start(backend)
    const old = await start(backend)
    const db = await backend.db()
    await db.query(
      `UPDATE owner_sessions SET last_seen_at = now() - interval '30 days 1 minute' WHERE secret_hash = $1`,
      [idle],
    )
    // Used yesterday, but signed in more than 90 days ago: the absolute end holds.
    await db.query(
      `UPDATE owner_sessions SET created_at = now() - interval '91 days', expires_at = now() - interval '1 day',
              last_seen_at = now() - interval '1 day' WHERE secret_hash = $1`,
      [old],
    )
    expect(await use(backend, idle)).toEqual([])
    expect(await use(backend, old)).toEqual([])
    const fresh = await start(backend)
    const [row] = await db
      .query<{ days: number }>(
        `SELECT extract(day FROM expires_at - created_at)::int AS days FROM owner_sessions WHERE secret_hash = $1`,
        [fresh],
      )
      .then((result) => result.rows)
    expect(row?.days).toBe(90)
  })

  it('only the inbox owner starts one, and a new OWNER_EMAIL ends the old address sessions', async () => {
    const dataDir = await tempDir()
    const first = await open(OWNER, dataDir)
    await expect(
      first.callSql(
        'owner_session_start',
        { p_secret_hash: hashToken('x'), p_auth_tokens: null },
        SITE_CALLER,
        'value',
      ),
    ).rejects.toThrow(/permission denied/)
    await expect(start(first, 'someone@example.com')).rejects.toThrow(/only the inbox owner/)
    const session = await start(first)
    // Nor can the site's anon role read the table itself.
    await expect(first.callSql('owner_session_limits', {}, SITE_CALLER, 'rows')).resolves.toHaveLength(1)
    const db = await first.db()
    await expect(
      db.transaction(async (tx) => {
        await tx.exec('SET LOCAL ROLE anon')
        return tx.query('SELECT * FROM public.owner_sessions')
      }),
    ).rejects.toThrow(/permission denied/)
    await first.close()

    const second = await open('new-owner@example.com', dataDir)
    await start(second, 'new-owner@example.com') // enrols the new address
    expect(await use(second, session)).toEqual([])
  })
})

describe('sign-in link limits', { timeout: 120_000 }, () => {
  const hit = (backend: Backend, bucket: string, key: string) =>
    backend.callSql<number>('owner_sign_in_hit', { p_bucket: bucket, p_key: key }, SITE_CALLER, 'value')

  it('five per client and ten for the owner address in 15 minutes, counted apart, with the time to wait', async () => {
    const backend = await open()
    for (let i = 0; i < 5; i++) expect(await hit(backend, 'client', 'a')).toBe(0)
    const wait = await hit(backend, 'client', 'a')
    expect(wait).toBeGreaterThan(14 * 60_000)
    expect(wait).toBeLessThanOrEqual(15 * 60_000)
    // Other clients are not held back by the first, and none of this counts against the owner's address.
    for (let i = 0; i < 12; i++) expect(await hit(backend, 'client', `other-${i}`)).toBe(0)
    for (let i = 0; i < 10; i++) expect(await hit(backend, 'owner', 'owner')).toBe(0)
    expect(await hit(backend, 'owner', 'owner')).toBeGreaterThan(0)
    expect(await hit(backend, 'unknown', 'owner')).toBeNull()
  })
})
