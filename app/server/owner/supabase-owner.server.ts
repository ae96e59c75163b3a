// The Supabase backend's owner side (docs/decisions/033 and 041): SQL functions through PostgREST, with the
// anon key for the site or the owner's own access token, so row level security decides; sign-in by
// Supabase Auth's e-mail link.
import { createClient, type Session } from '@supabase/supabase-js'
import { realtimeOptions } from '../backend/supabase.server'
import {
  OwnerSessionError,
  type AuthTokens,
  type Backend,
  type OwnerAuth,
  type SqlCaller,
} from '../backend/backend.server'
import { log } from '../log/logger.server'

interface SupabaseAt {
  url: string
  anonKey: string
}

// Supabase Auth's token_hash: hex today, maybe prefixed (pkce_).
const SUPABASE_TOKEN_HASH = /^[A-Za-z0-9_-]{16,128}$/

function client(at: SupabaseAt, accessToken?: string) {
  return createClient(at.url, at.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false, flowType: 'implicit' },
    global: accessToken ? { headers: { Authorization: `Bearer ${accessToken}` } } : undefined,
    ...realtimeOptions(),
  })
}

function tokensOf(session: Session | null): AuthTokens | null {
  if (!session?.access_token || !session.refresh_token || !session.user?.id) return null
  const expiresAt = session.expires_at ?? Math.floor(Date.now() / 1000) + (session.expires_in ?? 0)
  return { userId: session.user.id, accessToken: session.access_token, refreshToken: session.refresh_token, expiresAt }
}

export function supabaseOwnerParts(
  at: SupabaseAt,
  deliverDue: () => Promise<void>,
): Pick<Backend, 'callSql' | 'ownerAuth' | 'deliverSoon'> {
  const site = client(at)

  async function callSql<T>(name: string, args: Record<string, unknown>, caller: SqlCaller): Promise<T> {
    const { data, error, status } = await (caller.as === 'owner' ? client(at, caller.accessToken) : site).rpc(
      name,
      args,
    )
    if (caller.as === 'owner' && (status === 401 || status === 403)) throw new OwnerSessionError('Sign in again')
    if (error) throw new Error(`${name} failed (${status}): ${error.message}`)
    return data as T
  }

  const ownerAuth: OwnerAuth = {
    // No account is created: the owner's user exists already. The error code only, never the address.
    async sendSignInLink(email) {
      const { error } = await site.auth.signInWithOtp({ email, options: { shouldCreateUser: false } })
      if (error) log('owner').warn({ code: error.code ?? error.status }, 'Supabase Auth did not send the sign-in link')
    },

    // The token_hash of the e-mailed link; Supabase Auth makes it single use and short-lived.
    async verifyLink(form) {
      const tokenHash = form.get('token_hash') ?? ''
      if (!SUPABASE_TOKEN_HASH.test(tokenHash)) return null
      const { data, error } = await site.auth.verifyOtp({ token_hash: tokenHash, type: 'email' })
      const tokens = error ? null : tokensOf(data.session)
      return tokens && data.user?.email ? { userId: tokens.userId, email: data.user.email, tokens } : null
    },

    async renew(tokens, force = false) {
      if (!force && tokens.expiresAt - 60 > Date.now() / 1000) return tokens
      const { data, error } = await site.auth.refreshSession({ refresh_token: tokens.refreshToken })
      return error ? null : tokensOf(data.session)
    },

    // Revokes the refresh tokens at Supabase Auth, so a copy of them is worthless too.
    async revoke(tokens, scope) {
      const { error } = await site.auth.admin.signOut(tokens.accessToken, scope)
      if (error) log('owner').warn({ status: error.status, code: error.code }, 'Supabase Auth refused the sign-out')
    },
  }

  return { callSql, ownerAuth, deliverSoon: deliverDue }
}
