-- Edge Function support and least-privilege grants for hosted Supabase.
--
-- Runs after 20260101000000_init.sql in both modes (embedded PGlite and `supabase db push`).
--
-- 1. Grants. On hosted Supabase every new table in `public` is granted ALL (SELECT, INSERT, UPDATE,
--    DELETE, TRUNCATE, REFERENCES, TRIGGER) to anon and authenticated by default privileges, and
--    every new function is executable by PUBLIC, anon and authenticated. Row level security stops
--    row access, but not TRUNCATE. So: take everything back, then grant only what the site needs.
-- 2. Reviews cached from Google Places (source = 'google', keyed by Google's review name).
-- 3. The functions the Edge Functions call (through PostgREST RPC with the service role, or over a
--    direct connection after SET ROLE service_role). They run with the caller's rights (SECURITY
--    INVOKER) and only service_role may execute them.

-- ---------------------------------------------------------------------------------------------
-- 1. Least-privilege grants
-- ---------------------------------------------------------------------------------------------

REVOKE ALL ON public.quote_requests, public.quote_outbox, public.app_settings,
              public.pressure_washing_videos, public.service_videos, public.reviews
  FROM PUBLIC, anon, authenticated;

-- The public may read (RLS then limits it to the featured video / published reviews).
GRANT SELECT ON public.pressure_washing_videos, public.service_videos, public.reviews TO anon, authenticated;

GRANT SELECT, INSERT, UPDATE, DELETE ON public.quote_requests, public.quote_outbox, public.app_settings,
             public.pressure_washing_videos, public.service_videos, public.reviews TO service_role;

-- ---------------------------------------------------------------------------------------------
-- 2. Reviews cached from Google Places
-- ---------------------------------------------------------------------------------------------

ALTER TABLE public.reviews ADD COLUMN IF NOT EXISTS external_id text
  CHECK (external_id IS NULL OR char_length(external_id) <= 300);

-- One row per Google review (NULL external_id rows — manual and sample reviews — never conflict).
CREATE UNIQUE INDEX IF NOT EXISTS reviews_source_external_id_key ON public.reviews (source, external_id);

-- ---------------------------------------------------------------------------------------------
-- 3. Functions for the Edge Functions (service role only)
-- ---------------------------------------------------------------------------------------------

-- Store a lead and its owner-notification outbox row in one transaction. A repeated idempotency
-- key returns the existing lead (duplicate = true) instead of a second row.
CREATE OR REPLACE FUNCTION public.record_quote_request(
  p_first_name      text,
  p_email           text,
  p_phone           text,
  p_idempotency_key text,
  p_source_page     text DEFAULT NULL,
  p_user_agent      text DEFAULT NULL
)
RETURNS TABLE (lead_id uuid, outbox_id uuid, duplicate boolean)
LANGUAGE plpgsql
SECURITY INVOKER
SET search_path = ''
AS $$
DECLARE
  v_lead   uuid;
  v_outbox uuid;
BEGIN
  INSERT INTO public.quote_requests AS q (first_name, email, phone, status, idempotency_key, source_page, user_agent)
  VALUES (p_first_name, p_email, p_phone, 'new', p_idempotency_key, p_source_page, p_user_agent)
  ON CONFLICT (idempotency_key) DO NOTHING
  RETURNING q.id INTO v_lead;

  IF v_lead IS NOT NULL THEN
    INSERT INTO public.quote_outbox AS o (quote_request_id, kind)
    VALUES (v_lead, 'owner_notification')
    RETURNING o.id INTO v_outbox;
    RETURN QUERY SELECT v_lead, v_outbox, false;
    RETURN;
  END IF;

  SELECT q.id INTO v_lead FROM public.quote_requests q WHERE q.idempotency_key = p_idempotency_key;
  SELECT o.id INTO v_outbox FROM public.quote_outbox o
   WHERE o.quote_request_id = v_lead AND o.kind = 'owner_notification';
  RETURN QUERY SELECT v_lead, v_outbox, true;
END
$$;

-- Claim up to p_limit due outbox rows (p_prefer first) for one send attempt: bumps attempts and
-- reserves each row for p_lease_ms, so a crash mid-send retries it after the lease.
CREATE OR REPLACE FUNCTION public.claim_quote_outbox(
  p_limit    integer,
  p_lease_ms integer,
  p_prefer   uuid DEFAULT NULL
)
RETURNS TABLE (
  outbox_id        uuid,
  quote_request_id uuid,
  attempts         integer,
  first_name       text,
  email            text,
  phone            text,
  source_page      text,
  created_at       timestamptz
)
LANGUAGE sql
SECURITY INVOKER
SET search_path = ''
AS $$
  WITH due AS (
    SELECT o.id FROM public.quote_outbox o
     WHERE o.sent_at IS NULL AND o.next_attempt_at <= now()
     ORDER BY (o.id = p_prefer) IS TRUE DESC, o.next_attempt_at, o.created_at
     LIMIT greatest(p_limit, 0)
     FOR UPDATE SKIP LOCKED
  ), claimed AS (
    UPDATE public.quote_outbox o
       SET attempts = o.attempts + 1,
           next_attempt_at = now() + (greatest(p_lease_ms, 0) * interval '1 millisecond')
      FROM due
     WHERE o.id = due.id
    RETURNING o.id, o.quote_request_id, o.attempts
  )
  SELECT c.id, c.quote_request_id, c.attempts, q.first_name, q.email, q.phone, q.source_page, q.created_at
    FROM claimed c JOIN public.quote_requests q ON q.id = c.quote_request_id
   ORDER BY (c.id = p_prefer) IS TRUE DESC, q.created_at
$$;

-- Record the outcome of one send attempt: sent (p_error NULL) or failed, retried after p_retry_ms.
CREATE OR REPLACE FUNCTION public.finish_quote_outbox(
  p_outbox_id uuid,
  p_error     text DEFAULT NULL,
  p_retry_ms  integer DEFAULT 0
)
RETURNS void
LANGUAGE sql
SECURITY INVOKER
SET search_path = ''
AS $$
  UPDATE public.quote_outbox o
     SET sent_at         = CASE WHEN p_error IS NULL THEN now() ELSE o.sent_at END,
         last_error      = CASE WHEN p_error IS NULL THEN NULL ELSE left(p_error, 1000) END,
         next_attempt_at = CASE WHEN p_error IS NULL THEN o.next_attempt_at
                                ELSE now() + (greatest(p_retry_ms, 0) * interval '1 millisecond') END
   WHERE o.id = p_outbox_id
$$;

-- Published reviews in the site's Review shape, newest first; p_source limits them to one source.
CREATE OR REPLACE FUNCTION public.list_published_reviews(p_source text DEFAULT NULL, p_limit integer DEFAULT 100)
RETURNS TABLE (id text, author text, avatar text, rating integer, text text, date text)
LANGUAGE sql
STABLE
SECURITY INVOKER
SET search_path = ''
AS $$
  SELECT r.id::text, r.author, r.avatar, r.rating::integer, r.text, to_char(r.review_date, 'YYYY-MM-DD')
    FROM public.reviews r
   WHERE r.published AND (p_source IS NULL OR r.source = p_source)
   ORDER BY r.review_date DESC, r.created_at DESC
   LIMIT greatest(p_limit, 0)
$$;

-- Replace the cached Google reviews with the latest answer (a JSON array of
-- { external_id, author, avatar, rating, text, date }) and note when it was fetched. Rows the owner
-- unpublished stay unpublished. Returns the number of reviews now cached.
CREATE OR REPLACE FUNCTION public.cache_google_reviews(p_reviews jsonb)
RETURNS integer
LANGUAGE plpgsql
SECURITY INVOKER
SET search_path = ''
AS $$
DECLARE
  v_count integer;
BEGIN
  IF p_reviews IS NULL OR jsonb_typeof(p_reviews) <> 'array' THEN
    RAISE EXCEPTION 'cache_google_reviews expects a JSON array' USING ERRCODE = '22023';
  END IF;

  WITH incoming AS (
    SELECT DISTINCT ON (i.external_id) i.external_id, i.author, i.avatar, i.rating, i.text, i.date
      FROM jsonb_to_recordset(p_reviews) AS i(external_id text, author text, avatar text, rating integer, text text, date date)
     WHERE i.external_id IS NOT NULL
  ), removed AS (
    DELETE FROM public.reviews r
     WHERE r.source = 'google'
       AND NOT EXISTS (SELECT 1 FROM incoming i WHERE i.external_id = r.external_id)
  ), upserted AS (
    INSERT INTO public.reviews AS r (author, avatar, rating, text, review_date, source, external_id, published)
    SELECT i.author, i.avatar, i.rating, i.text, i.date, 'google', i.external_id, true
      FROM incoming i
    ON CONFLICT (source, external_id) DO UPDATE
       SET author = excluded.author, avatar = excluded.avatar, rating = excluded.rating,
           text = excluded.text, review_date = excluded.review_date
    RETURNING 1
  )
  SELECT count(*)::integer INTO v_count FROM upserted;

  INSERT INTO public.app_settings (key, value) VALUES ('google_reviews_fetched_at', now()::text)
  ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = now();
  RETURN v_count;
END
$$;

-- When the Google reviews were last fetched (NULL: never).
CREATE OR REPLACE FUNCTION public.google_reviews_fetched_at()
RETURNS timestamptz
LANGUAGE sql
STABLE
SECURITY INVOKER
SET search_path = ''
AS $$
  SELECT s.value::timestamptz FROM public.app_settings s WHERE s.key = 'google_reviews_fetched_at'
$$;

REVOKE ALL ON FUNCTION
  public.record_quote_request(text, text, text, text, text, text),
  public.claim_quote_outbox(integer, integer, uuid),
  public.finish_quote_outbox(uuid, text, integer),
  public.list_published_reviews(text, integer),
  public.cache_google_reviews(jsonb),
  public.google_reviews_fetched_at()
  FROM PUBLIC, anon, authenticated;

GRANT EXECUTE ON FUNCTION
  public.record_quote_request(text, text, text, text, text, text),
  public.claim_quote_outbox(integer, integer, uuid),
  public.finish_quote_outbox(uuid, text, integer),
  public.list_published_reviews(text, integer),
  public.cache_google_reviews(jsonb),
  public.google_reviews_fetched_at()
  TO service_role;
