-- Leads the site flags as suspected spam (the hidden honeypot field filled in, or the form sent faster
-- than a person types) are stored by send-quote-email with the reason and no owner notification, as
-- the embedded backend stores them, rather than written only to the site's log: a false positive is
-- still a customer, and the owner can find it by status. The same request sent again without the flag
-- (same idempotency key) rescues it: status 'new', notification due.
--
-- A new parameter changes the function's signature, so the old one is dropped (two overloads would make
-- a call with the first four arguments ambiguous) and the grants repeated. Safe to run again.

DROP FUNCTION IF EXISTS public.record_quote_request(text, text, text, text, text, text);

CREATE OR REPLACE FUNCTION public.record_quote_request(
  p_first_name      text,
  p_email           text,
  p_phone           text,
  p_idempotency_key text,
  p_source_page     text DEFAULT NULL,
  p_user_agent      text DEFAULT NULL,
  p_spam_reason     text DEFAULT NULL
)
RETURNS TABLE (lead_id uuid, outbox_id uuid, duplicate boolean)
LANGUAGE plpgsql
SECURITY INVOKER
SET search_path = ''
AS $$
DECLARE
  v_lead   uuid;
  v_outbox uuid;
  v_status text;
BEGIN
  INSERT INTO public.quote_requests AS q (first_name, email, phone, status, idempotency_key, source_page, user_agent, spam_reason)
  VALUES (p_first_name, p_email, p_phone, CASE WHEN p_spam_reason IS NULL THEN 'new' ELSE 'suspected_spam' END,
          p_idempotency_key, p_source_page, p_user_agent, left(p_spam_reason, 200))
  ON CONFLICT (idempotency_key) DO NOTHING
  RETURNING q.id INTO v_lead;

  IF v_lead IS NOT NULL THEN
    IF p_spam_reason IS NULL THEN
      INSERT INTO public.quote_outbox AS o (quote_request_id, kind)
      VALUES (v_lead, 'owner_notification')
      RETURNING o.id INTO v_outbox;
    END IF;
    RETURN QUERY SELECT v_lead, v_outbox, false;
    RETURN;
  END IF;

  SELECT q.id, q.status INTO v_lead, v_status
    FROM public.quote_requests q WHERE q.idempotency_key = p_idempotency_key
     FOR UPDATE;

  -- A retry that passes the site's checks rescues a false positive: it is new, and notified once.
  IF v_status = 'suspected_spam' AND p_spam_reason IS NULL THEN
    UPDATE public.quote_requests q SET status = 'new', spam_reason = NULL WHERE q.id = v_lead;
    INSERT INTO public.quote_outbox AS o (quote_request_id, kind)
    VALUES (v_lead, 'owner_notification')
    ON CONFLICT (quote_request_id, kind) DO NOTHING
    RETURNING o.id INTO v_outbox;
    RETURN QUERY SELECT v_lead, v_outbox, false;
    RETURN;
  END IF;

  SELECT o.id INTO v_outbox FROM public.quote_outbox o
   WHERE o.quote_request_id = v_lead AND o.kind = 'owner_notification';
  RETURN QUERY SELECT v_lead, v_outbox, true;
END
$$;

REVOKE ALL ON FUNCTION public.record_quote_request(text, text, text, text, text, text, text) FROM PUBLIC, anon, authenticated;
GRANT EXECUTE ON FUNCTION public.record_quote_request(text, text, text, text, text, text, text) TO service_role;
