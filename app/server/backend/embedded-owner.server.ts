// The embedded backend's owner side (docs/decisions/041-owner-sessions.md): owner writes run the migrations'
// SQL functions under the same roles and claims PostgREST gives them on Supabase, so one implementation serves
// both modes. The embedded owner is a user id derived from OWNER_EMAIL: a new address ends old sessions.
import { createHash } from 'node:crypto'
import type { PGlite } from '@electric-sql/pglite'
import { site } from '../../content/site'
import { consumeSignInToken, requestSignInLink } from '../owner/sign-in.server'
import type { Backend, OwnerAuth, SqlCaller } from './backend.server'

const SQL_NAME = /^[a-z_][a-z0-9_]*$/

/** A stable uuid for the address, in the version 4 layout. */
export function embeddedOwnerId(email: string): string {
  const hex = createHash('sha256').update(`embedded-owner:${email.trim().toLowerCase()}`).digest('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`
}

export function embeddedOwnerParts(
  db: () => Promise<PGlite>,
  kick: () => Promise<void>,
  ownerAddress: string,
): Pick<Backend, 'callSql' | 'ownerAuth' | 'deliverSoon'> {
  let enrolled: Promise<string> | undefined
  // inbox_owners holds exactly today's owner, as hosted Supabase's holds the owner's Auth user.
  function enrolOwner(): Promise<string> {
    const userId = embeddedOwnerId(ownerAddress)
    enrolled ??= db().then(async (conn) => {
      await conn.transaction(async (tx) => {
        await tx.query(`DELETE FROM public.inbox_owners WHERE user_id <> $1`, [userId])
        await tx.query(`INSERT INTO public.inbox_owners (user_id) VALUES ($1) ON CONFLICT DO NOTHING`, [userId])
      })
      return userId
    })
    enrolled.catch(() => (enrolled = undefined))
    return enrolled
  }

  async function callSql<T>(
    name: string,
    args: Record<string, unknown>,
    caller: SqlCaller,
    returns: 'rows' | 'value',
  ): Promise<T> {
    const names = Object.keys(args)
    if (![name, ...names].every((part) => SQL_NAME.test(part))) throw new Error(`not a SQL name: ${name}`)
    if (caller.as === 'owner') await enrolOwner()
    const call = `public.${name}(${names.map((arg, i) => `${arg} => $${i + 1}`).join(', ')})`
    const values = names.map((arg) => {
      const value = args[arg]
      // PGlite writes an array by the parameter's type: `{…}` for integer[], JSON for jsonb, as PostgREST does.
      if (Array.isArray(value)) return value
      return value !== null && typeof value === 'object' ? JSON.stringify(value) : value
    })
    const claims = caller.as === 'owner' ? { sub: caller.userId, role: 'authenticated' } : { role: 'anon' }
    const conn = await db()
    return conn.transaction(async (tx) => {
      await tx.query(`SELECT set_config('request.jwt.claims', $1, true)`, [JSON.stringify(claims)])
      await tx.exec(`SET LOCAL ROLE ${caller.as === 'owner' ? 'authenticated' : 'anon'}`)
      if (returns === 'rows') return (await tx.query(`SELECT * FROM ${call}`, values)).rows as T
      return (await tx.query<{ value: T }>(`SELECT ${call} AS value`, values)).rows[0]?.value as T
    })
  }

  const ownerAuth: OwnerAuth = {
    async sendSignInLink(email) {
      const queued = await requestSignInLink(await db(), { email, ownerEmail: ownerAddress, siteUrl: site.baseUrl })
      if (queued) await kick()
    },
    async verifyLink(form) {
      if (!(await consumeSignInToken(await db(), form.get('token')))) return null
      return { userId: await enrolOwner(), email: ownerAddress }
    },
    renew: async (tokens) => tokens,
    revoke: async () => undefined,
  }

  return { callSql, ownerAuth, deliverSoon: kick }
}
