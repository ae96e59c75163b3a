-- Limits keyed on the person (docs/decisions/052-hostile-input.md): the customer's acknowledgement counts one inbox
-- however its address is spelled, and all acknowledgements together are capped, so neither one address, nor one
-- client, nor a crowd of clients makes the site a mailer. The client key is the lead's ip_hash, which the site
-- already hashes from an IPv6 address's /64.

-- The inbox an address reaches: trimmed and lower-cased, its +tag dropped, and for Gmail (googlemail.com is the
-- same inbox) the dots of the local part dropped.
CREATE FUNCTION public.normalized_email(p_email text)
RETURNS text
LANGUAGE sql
IMMUTABLE
SET search_path = ''
AS $$
  WITH address AS (
    SELECT a, length(a) - strpos(reverse(a), '@') AS at FROM (SELECT lower(btrim(p_email)) AS a) x
  ), parts AS (
    SELECT split_part(substr(a, 1, at), '+', 1) AS local, substr(a, at + 2) AS domain FROM address
  )
  SELECT CASE WHEN domain IN ('gmail.com', 'googlemail.com') THEN replace(local, '.', '') || '@gmail.com'
              ELSE local || '@' || domain END
    FROM parts
$$;

-- Whether a lead may acknowledge to its address: none to that inbox (the SHA-256 of its normalized address) in
-- 24 hours, none from that client in an hour, and fewer than 30 in all in the last hour; all taken or none, under
-- locks taken in a fixed order (decision 048).
CREATE OR REPLACE FUNCTION public.customer_acknowledgement_allowed(p_email text, p_client_key text)
RETURNS boolean
LANGUAGE plpgsql
SET search_path = ''
AS $$
DECLARE
  v_address text := encode(sha256(convert_to(public.normalized_email(p_email), 'UTF8')), 'hex');
  v_client  text := nullif(left(btrim(p_client_key), 128), '');
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('ack-address:' || v_address, 0));
  IF v_client IS NOT NULL THEN
    PERFORM pg_advisory_xact_lock(hashtextextended('ack-client:' || v_client, 0));
  END IF;
  PERFORM pg_advisory_xact_lock(hashtextextended('ack-all:all', 0));
  DELETE FROM public.rate_limit_hits h
   WHERE (h.bucket = 'ack-address' AND h.hit_at <= now() - interval '24 hours')
      OR (h.bucket IN ('ack-client', 'ack-all') AND h.hit_at <= now() - interval '1 hour');
  IF EXISTS (SELECT 1 FROM public.rate_limit_hits h
              WHERE (h.bucket = 'ack-address' AND h.key = v_address) OR (h.bucket = 'ack-client' AND h.key = v_client))
     OR (SELECT count(*) FROM public.rate_limit_hits h WHERE h.bucket = 'ack-all') >= 30
  THEN
    RETURN false;
  END IF;
  INSERT INTO public.rate_limit_hits (bucket, key, hit_at)
  SELECT b, k, now() FROM (VALUES ('ack-address', v_address), ('ack-client', v_client), ('ack-all', 'all')) AS x(b, k)
   WHERE k IS NOT NULL;
  RETURN true;
END
$$;

REVOKE EXECUTE ON FUNCTION public.normalized_email(text) FROM PUBLIC;
REVOKE EXECUTE ON FUNCTION public.customer_acknowledgement_allowed(text, text) FROM PUBLIC;
DO $$
DECLARE
  r text;
BEGIN
  FOR r IN SELECT rolname FROM pg_roles WHERE rolname IN ('anon', 'authenticated') LOOP
    EXECUTE format('REVOKE ALL ON FUNCTION public.normalized_email(text) FROM %I', r);
    EXECUTE format('REVOKE ALL ON FUNCTION public.customer_acknowledgement_allowed(text, text) FROM %I', r);
  END LOOP;
END
$$;
