-- Unsent owner e-mails are retried on a schedule, not only when the next lead arrives: pg_cron runs
-- public.request_quote_email_retry() every minute (supabase/README.md, step 6), which asks
-- send-quote-email, through pg_net, to deliver every notification that is due. The function keeps its
-- backoff (next_attempt_at), so a failing mailbox is tried again after 5 s, 10 s, ... up to 15 min.
--
-- The address and keys come from Supabase Vault, not from this file. Embedded mode never calls it: its
-- outbox worker retries on a timer in the server process.

CREATE OR REPLACE FUNCTION public.request_quote_email_retry()
RETURNS bigint
LANGUAGE plpgsql
SECURITY INVOKER
SET search_path = ''
AS $$
DECLARE
  v_url     text;
  v_anon    text;
  v_secret  text;
  v_headers jsonb;
BEGIN
  SELECT s.decrypted_secret INTO v_url FROM vault.decrypted_secrets s WHERE s.name = 'send_quote_email_url';
  SELECT s.decrypted_secret INTO v_anon FROM vault.decrypted_secrets s WHERE s.name = 'anon_key';
  SELECT s.decrypted_secret INTO v_secret FROM vault.decrypted_secrets s WHERE s.name = 'site_function_secret';
  IF v_url IS NULL OR v_anon IS NULL THEN
    RAISE EXCEPTION 'Vault secrets send_quote_email_url and anon_key are not set (supabase/README.md, step 6)';
  END IF;
  v_headers := jsonb_build_object('Content-Type', 'application/json', 'Authorization', 'Bearer ' || v_anon);
  IF v_secret IS NOT NULL THEN
    v_headers := v_headers || jsonb_build_object('x-site-secret', v_secret);
  END IF;
  RETURN net.http_post(
    url := v_url,
    body := '{"deliverDue": true}'::jsonb,
    headers := v_headers,
    timeout_milliseconds := 30000
  );
END
$$;

REVOKE ALL ON FUNCTION public.request_quote_email_retry() FROM PUBLIC, anon, authenticated;
