-- Rate-limit hits that no lead scans (docs/decisions/060-lead-writes-that-do-not-slow.md). Each hit says when it
-- stops counting, and the outbox's worker deletes the expired ones once a minute, so no request sweeps them.
-- Added, filled and constrained in steps: no rewrite, so PGlite's tables keep the "never vacuumed" size the
-- planner reads. A hit from before, or one inserted without it, stays as long as the longest window
-- hit_rate_limit takes (an integer of milliseconds).
ALTER TABLE public.rate_limit_hits ADD COLUMN expires_at timestamptz;
UPDATE public.rate_limit_hits SET expires_at = hit_at + interval '2147483647 milliseconds';
ALTER TABLE public.rate_limit_hits
  ALTER COLUMN expires_at SET DEFAULT clock_timestamp() + interval '2147483647 milliseconds',
  ALTER COLUMN expires_at SET NOT NULL;

-- On a small table the planner took this index for a visitor's own expired hits, filtering by key: every expired
-- hit of the bucket was read for each lead, and the plan was kept as the table grew.
DROP INDEX public.rate_limit_hits_age_idx;

-- As before, without the sweep of other visitors' expired hits, whose scan read every hit the bucket ever had
-- (PGlite runs no autovacuum, so deleted ones stay in the index).
CREATE OR REPLACE FUNCTION public.hit_rate_limit(p_bucket text, p_key text, p_limit integer, p_window_ms integer)
RETURNS TABLE (allowed boolean, retry_after_ms integer)
LANGUAGE plpgsql
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
  DELETE FROM public.rate_limit_hits h WHERE h.bucket = p_bucket AND h.key = p_key AND h.hit_at <= v_now - v_window;
  SELECT count(*)::integer, min(h.hit_at) INTO v_count, v_oldest
    FROM public.rate_limit_hits h WHERE h.bucket = p_bucket AND h.key = p_key;
  IF v_count >= p_limit THEN
    RETURN QUERY SELECT false, greatest(1, ceil(extract(epoch FROM (v_oldest + v_window - v_now)) * 1000))::integer;
    RETURN;
  END IF;
  INSERT INTO public.rate_limit_hits (bucket, key, hit_at, expires_at) VALUES (p_bucket, p_key, v_now, v_now + v_window);
  RETURN QUERY SELECT true, 0;
END
$$;
