-- Owner sessions that end (docs/decisions/041-owner-sessions.md): a row per sign-in, keyed by the hash of a
-- random secret that only the owner's sealed cookie holds. Every owner request uses the row; sign-out revokes
-- it, "sign out everywhere" revokes all of that user's rows. Both modes call these functions: embedded as
-- anon or as the embedded owner's claims, Supabase through PostgREST with the anon key or the owner's token.
-- Supabase mode keeps the owner's Supabase Auth tokens in the row, never in the cookie.

CREATE TABLE IF NOT EXISTS public.owner_sessions (
  secret_hash  text PRIMARY KEY CHECK (char_length(secret_hash) = 64),
  user_id      uuid NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at   timestamptz NOT NULL,
  revoked_at   timestamptz,
  auth_tokens  jsonb
);
CREATE INDEX IF NOT EXISTS owner_sessions_user_idx ON public.owner_sessions (user_id) WHERE revoked_at IS NULL;

ALTER TABLE public.owner_sessions ENABLE ROW LEVEL SECURITY;
REVOKE ALL ON public.owner_sessions FROM PUBLIC, anon, authenticated;
GRANT SELECT, INSERT, UPDATE, DELETE ON public.owner_sessions TO service_role;

-- The limits, once: a session unused for 30 days ends, and every session ends 90 days after sign-in.
CREATE OR REPLACE FUNCTION public.owner_session_limits()
RETURNS TABLE (idle interval, absolute interval)
LANGUAGE sql IMMUTABLE SET search_path = ''
AS $$ SELECT interval '30 days', interval '90 days' $$;

-- Called with the owner's own claims right after the sign-in link was verified. Returns the absolute end.
CREATE OR REPLACE FUNCTION public.owner_session_start(p_secret_hash text, p_auth_tokens jsonb DEFAULT NULL)
RETURNS timestamptz
LANGUAGE plpgsql
VOLATILE
SECURITY DEFINER
SET search_path = ''
AS $$
DECLARE
  v_expires timestamptz := now() + (SELECT l.absolute FROM public.owner_session_limits() l);
BEGIN
  IF NOT public.is_inbox_owner() THEN
    RAISE EXCEPTION 'only the inbox owner starts a session' USING ERRCODE = '42501';
  END IF;
  -- Ended rows are kept a day for the log's sake, then go.
  DELETE FROM public.owner_sessions s
   WHERE s.expires_at < now() - interval '1 day' OR s.revoked_at < now() - interval '1 day';
  INSERT INTO public.owner_sessions (secret_hash, user_id, expires_at, auth_tokens)
  VALUES (p_secret_hash, auth.uid(), v_expires, p_auth_tokens);
  RETURN v_expires;
END
$$;

-- One indexed write per owner request: a live session is marked seen and returned; an ended, idle, expired
-- or no longer owned one returns no row.
CREATE OR REPLACE FUNCTION public.owner_session_use(p_secret_hash text)
RETURNS TABLE (user_id uuid, expires_at timestamptz, auth_tokens jsonb)
LANGUAGE sql
VOLATILE
SECURITY DEFINER
SET search_path = ''
AS $$
  UPDATE public.owner_sessions s SET last_seen_at = now()
   WHERE s.secret_hash = p_secret_hash
     AND s.revoked_at IS NULL
     AND s.expires_at > now()
     AND s.last_seen_at > now() - (SELECT l.idle FROM public.owner_session_limits() l)
     AND EXISTS (SELECT 1 FROM public.inbox_owners o WHERE o.user_id = s.user_id)
  RETURNING s.user_id, s.expires_at, s.auth_tokens
$$;

-- Supabase mode: the refreshed tokens of a live session. The session's end does not move.
CREATE OR REPLACE FUNCTION public.owner_session_keep_tokens(p_secret_hash text, p_auth_tokens jsonb)
RETURNS boolean
LANGUAGE sql
VOLATILE
SECURITY DEFINER
SET search_path = ''
AS $$
  UPDATE public.owner_sessions s SET auth_tokens = p_auth_tokens
   WHERE s.secret_hash = p_secret_hash AND s.revoked_at IS NULL AND s.expires_at > now()
  RETURNING true
$$;

-- Sign-out: p_everywhere ends every session of the same user. Returns the signing-out session's tokens (for
-- Supabase Auth's own sign-out), or no row if it had already ended.
CREATE OR REPLACE FUNCTION public.owner_session_end(p_secret_hash text, p_everywhere boolean DEFAULT false)
RETURNS TABLE (auth_tokens jsonb, ended integer)
LANGUAGE plpgsql
VOLATILE
SECURITY DEFINER
SET search_path = ''
AS $$
DECLARE
  v_user   uuid;
  v_tokens jsonb;
  v_ended  integer;
BEGIN
  SELECT s.user_id, s.auth_tokens INTO v_user, v_tokens
    FROM public.owner_sessions s
   WHERE s.secret_hash = p_secret_hash AND s.revoked_at IS NULL
     FOR UPDATE;
  IF v_user IS NULL THEN
    RETURN;
  END IF;
  UPDATE public.owner_sessions s SET revoked_at = now(), auth_tokens = NULL
   WHERE s.revoked_at IS NULL
     AND (s.secret_hash = p_secret_hash OR (p_everywhere AND s.user_id = v_user));
  GET DIAGNOSTICS v_ended = ROW_COUNT;
  RETURN QUERY SELECT v_tokens, v_ended;
END
$$;

-- Sign-in link requests, counted in the database so every instance shares them (docs/decisions/021): per
-- client (any address), and overall only for the owner's own address, so other addresses cannot lock the
-- owner out. Returns 0 when allowed, else the milliseconds until the window frees a place.
CREATE OR REPLACE FUNCTION public.owner_sign_in_hit(p_bucket text, p_key text)
RETURNS integer
LANGUAGE sql
VOLATILE
SECURITY DEFINER
SET search_path = ''
AS $$
  SELECT CASE WHEN h.allowed THEN 0 ELSE h.retry_after_ms END
    FROM public.hit_rate_limit(
      'owner-sign-in:' || p_bucket,
      p_key,
      CASE p_bucket WHEN 'client' THEN 5 WHEN 'owner' THEN 10 END,
      15 * 60 * 1000) h
   WHERE p_bucket IN ('client', 'owner')
$$;

REVOKE ALL ON FUNCTION
  public.owner_session_limits(),
  public.owner_session_start(text, jsonb),
  public.owner_session_use(text),
  public.owner_session_keep_tokens(text, jsonb),
  public.owner_session_end(text, boolean),
  public.owner_sign_in_hit(text, text)
  FROM PUBLIC;
GRANT EXECUTE ON FUNCTION public.owner_session_limits() TO anon, authenticated, service_role;
GRANT EXECUTE ON FUNCTION public.owner_session_start(text, jsonb) TO authenticated, service_role;
-- The site holds only the anon key: these take a 256-bit secret's hash (or a hashed client address) that
-- only the site knows, as the sign-in links do.
GRANT EXECUTE ON FUNCTION
  public.owner_session_use(text),
  public.owner_session_keep_tokens(text, jsonb),
  public.owner_session_end(text, boolean),
  public.owner_sign_in_hit(text, text)
  TO anon, authenticated, service_role;
