// Supabase mode of the inbox (docs/decisions/033-owner-inbox.md): reads and writes carry the owner's
// own access token, so row level security decides.
import { createClient, type Session } from '@supabase/supabase-js'
import { setResponseStatus } from '@tanstack/react-start/server'
import type { InboxLead, OwnerStatus } from '../../lib/owner-lead'
import { realtimeOptions } from '../backend/supabase.server'
import { toInboxLead, type LeadRow, type PushSubscriptionInput, type ReviewRequestResult } from './inbox.server'
import type { SessionData } from './sign-in.server'

export type SupabaseTokens = NonNullable<SessionData['supabase']>

interface SupabaseAt {
  url: string
  anonKey: string
}

export class SupabaseSessionError extends Error {
  override name = 'SupabaseSessionError'
}

function client(at: SupabaseAt, accessToken?: string) {
  return createClient(at.url, at.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false, flowType: 'implicit' },
    global: accessToken ? { headers: { Authorization: `Bearer ${accessToken}` } } : undefined,
    ...realtimeOptions(),
  })
}

function tokensOf(session: Session | null): SupabaseTokens | null {
  if (!session?.access_token || !session.refresh_token || !session.user?.id) return null
  const expiresAt = session.expires_at ?? Math.floor(Date.now() / 1000) + (session.expires_in ?? 0)
  return { userId: session.user.id, accessToken: session.access_token, refreshToken: session.refresh_token, expiresAt }
}

/** No account is created: the owner's user exists already. The error code only, never the address. */
export async function requestSupabaseLink(at: SupabaseAt, email: string): Promise<string | null> {
  const { error } = await client(at).auth.signInWithOtp({ email, options: { shouldCreateUser: false } })
  return error ? (error.code ?? String(error.status ?? 'error')) : null
}

/** The token_hash of the e-mailed link; Supabase Auth makes it single use and short-lived. */
export async function verifySupabaseLink(
  at: SupabaseAt,
  tokenHash: string,
): Promise<{ tokens: SupabaseTokens; email: string } | null> {
  const { data, error } = await client(at).auth.verifyOtp({ token_hash: tokenHash, type: 'email' })
  const tokens = error ? null : tokensOf(data.session)
  return tokens && data.user?.email ? { tokens, email: data.user.email } : null
}

export async function refreshSupabaseTokens(at: SupabaseAt, refreshToken: string): Promise<SupabaseTokens | null> {
  const { data, error } = await client(at).auth.refreshSession({ refresh_token: refreshToken })
  return error ? null : tokensOf(data.session)
}

/** Ends this session at Supabase Auth too (its refresh token), as a lost phone's cookie may be copied. */
export async function revokeSupabaseSession(at: SupabaseAt, tokens: SupabaseTokens): Promise<void> {
  await client(at).auth.admin.signOut(tokens.accessToken, 'local')
}

async function rpc(
  at: SupabaseAt,
  tokens: SupabaseTokens,
  name: string,
  args: Record<string, unknown>,
): Promise<unknown> {
  const { data, error, status } = await client(at, tokens.accessToken).rpc(name, args)
  if (status === 401 || status === 403) {
    setResponseStatus(401)
    throw new SupabaseSessionError('Sign in again')
  }
  if (error) throw new Error(`${name} failed (${status}): ${error.message}`)
  return data
}

type InboxRow = Omit<LeadRow, 'review_sent_at' | 'review_queued'>

/** With each lead's review request, which owner_review_requests() reports. */
async function inboxLeads(at: SupabaseAt, tokens: SupabaseTokens, data: unknown): Promise<InboxLead[]> {
  const rows = Array.isArray(data) ? (data as InboxRow[]) : []
  if (rows.length === 0) return []
  const requests = await rpc(at, tokens, 'owner_review_requests', {})
  const sent = new Map<string, string | null>()
  for (const request of Array.isArray(requests)
    ? (requests as { quote_request_id: string; sent_at: string | null }[])
    : [])
    sent.set(String(request.quote_request_id), request.sent_at)
  return rows.map((row) =>
    toInboxLead({ ...row, review_sent_at: sent.get(String(row.id)) ?? null, review_queued: sent.has(String(row.id)) }),
  )
}

export async function listSupabaseInbox(at: SupabaseAt, tokens: SupabaseTokens): Promise<InboxLead[]> {
  return inboxLeads(at, tokens, await rpc(at, tokens, 'owner_inbox_leads', { p_limit: 200 }))
}

export async function updateSupabaseLead(
  at: SupabaseAt,
  tokens: SupabaseTokens,
  id: string,
  change: { status: OwnerStatus; note: string },
): Promise<InboxLead | null> {
  const updated = await rpc(at, tokens, 'owner_update_lead', { p_id: id, p_status: change.status, p_note: change.note })
  return (await inboxLeads(at, tokens, updated))[0] ?? null
}

/** Row level security lets only the inbox owner write subscriptions. */
export async function saveSupabasePushSubscription(
  at: SupabaseAt,
  tokens: SupabaseTokens,
  subscription: PushSubscriptionInput,
): Promise<void> {
  const { endpoint, keys } = subscription
  await rpc(at, tokens, 'owner_save_push_subscription', {
    p_endpoint: endpoint,
    p_p256dh: keys.p256dh,
    p_auth: keys.auth,
  })
}

const REVIEW_RESULTS: readonly ReviewRequestResult[] = ['queued', 'already-sent', 'not-won', 'no-lead']

/** At most one per lead: the outbox's UNIQUE (quote_request_id, kind), in the database. */
export async function requestSupabaseReview(
  at: SupabaseAt,
  tokens: SupabaseTokens,
  id: string,
  reviewUrl: string,
): Promise<ReviewRequestResult> {
  const result = await rpc(at, tokens, 'owner_request_review', { p_id: id, p_review_url: reviewUrl })
  if (!REVIEW_RESULTS.includes(result as ReviewRequestResult)) throw new Error('owner_request_review: no answer')
  return result as ReviewRequestResult
}
