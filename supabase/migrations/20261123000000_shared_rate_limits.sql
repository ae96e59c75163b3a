-- Rate limits shared by every site instance in Supabase mode (docs/decisions/021-shared-rate-limits.md):
-- a sliding window per (bucket, visitor key), kept in the database the Edge Functions already use, so
-- N instances still allow the limit once. The embedded backend keeps its in-memory limiter (one process).

CREATE TABLE IF NOT EXISTS public.rate_limit_hits (
  bucket text NOT NULL CHECK (char_length(bucket) BETWEEN 1 AND 40),
  key    text NOT NULL CHECK (char_length(key) BETWEEN 1 AND 128),
  hit_at timestamptz NOT NULL DEFAULT clock_timestamp()
);

CREATE INDEX IF NOT EXISTS rate_limit_hits_key_idx ON public.rate_limit_hits (bucket, key, hit_at);
CREATE INDEX IF NOT EXISTS rate_limit_hits_age_idx ON public.rate_limit_hits (bucket, hit_at);

ALTER TABLE public.rate_limit_hits ENABLE ROW LEVEL SECURITY;
REVOKE ALL ON public.rate_limit_hits FROM PUBLIC, anon, authenticated;
GRANT SELECT, INSERT, DELETE ON public.rate_limit_hits TO service_role;

-- One hit for p_key in p_bucket: allowed (and recorded) while fewer than p_limit hits fall in the last
-- p_window_ms; otherwise refused (not recorded) with the milliseconds until the oldest one expires.
-- A p_limit of 0 or less turns the limit off.
CREATE OR REPLACE FUNCTION public.hit_rate_limit(
  p_bucket    text,
  p_key       text,
  p_limit     integer,
  p_window_ms integer
)
RETURNS TABLE (allowed boolean, retry_after_ms integer)
LANGUAGE plpgsql
SECURITY INVOKER
SET search_path = ''
AS $$
DECLARE
  v_now    timestamptz := clock_timestamp();
  v_window interval := greatest(p_window_ms, 0) * interval '1 millisecond';
  v_count  integer;
  v_oldest timestamptz;
BEGIN
  IF p_limit IS NULL OR p_limit <= 0 THEN
    RETURN QUERY SELECT true, 0;
    RETURN;
  END IF;

  -- Two instances counting the same key at once must not both take the last free hit.
  PERFORM pg_advisory_xact_lock(hashtextextended(p_bucket || ':' || p_key, 0));

  DELETE FROM public.rate_limit_hits h
   WHERE h.bucket = p_bucket AND h.key = p_key AND h.hit_at <= v_now - v_window;

  SELECT count(*)::integer, min(h.hit_at) INTO v_count, v_oldest
    FROM public.rate_limit_hits h
   WHERE h.bucket = p_bucket AND h.key = p_key;

  IF v_count >= p_limit THEN
    RETURN QUERY SELECT false,
      greatest(1, ceil(extract(epoch FROM (v_oldest + v_window - v_now)) * 1000))::integer;
    RETURN;
  END IF;

  INSERT INTO public.rate_limit_hits (bucket, key, hit_at) VALUES (p_bucket, p_key, v_now);

  -- Cleanup: visitors who never come back leave expired hits; each call removes a few.
  DELETE FROM public.rate_limit_hits h
   WHERE h.ctid IN (SELECT o.ctid FROM public.rate_limit_hits o
                     WHERE o.bucket = p_bucket AND o.hit_at <= v_now - v_window
                     LIMIT 50);

  RETURN QUERY SELECT true, 0;
END
$$;

REVOKE ALL ON FUNCTION public.hit_rate_limit(text, text, integer, integer) FROM PUBLIC, anon, authenticated;
GRANT EXECUTE ON FUNCTION public.hit_rate_limit(text, text, integer, integer) TO service_role;
